-- The holds of one line are read by plain index scans inside the functions every cart save calls
-- (issue 30 §2). Holds churn: a save deletes the holds its cart let go and inserts the new ones, so
-- between two vacuums a line's index entries are mostly dead rows (after a 60-second rush at 500
-- buyers, 743 entries for 33 live holds). The planner chose bitmap scans for these reads, and a
-- bitmap scan visits every dead entry's heap page on every read and never marks the entry dead: a
-- line's read grew from 0.03 to 0.57 ms over the rush. A plain index scan marks each dead entry the
-- first time it meets it (once no transaction can still see the row), so later reads skip it: 0.07 ms
-- on the same data. The setting applies only while the function runs.
ALTER FUNCTION "offer_line_hold_sums"(integer, integer) SET enable_bitmapscan = off;--> statement-breakpoint
ALTER FUNCTION "assert_offer_line_not_oversold"(integer) SET enable_bitmapscan = off;--> statement-breakpoint
ALTER FUNCTION "assert_mm_line_not_oversold"(integer, text) SET enable_bitmapscan = off;
