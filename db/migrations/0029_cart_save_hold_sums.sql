-- The active holds on an offer line, as an int[2]: bunches of carts other than `cart`, and of `cart`
-- (issue 30 §2). VOLATILE and in PL/pgSQL (never inlined): its query takes a snapshot of its own when
-- it runs. A cart save calls it on each offer line right after locking the line in the same statement,
-- so it sees every hold committed by the transactions it waited for: the lock and the holds read
-- are one statement, and the save holds its locks across one round trip to the app instead of two.
CREATE FUNCTION "offer_line_hold_sums"(line_id integer, cart integer) RETURNS integer[] LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN (SELECT ARRAY[coalesce(sum(h."quantity") FILTER (WHERE h."cart_id" <> cart), 0), coalesce(sum(h."quantity") FILTER (WHERE h."cart_id" = cart), 0)]::integer[]
            FROM "holds" h WHERE h."offer_line_id" = line_id AND h."expires_at" > now());
END
$$;
