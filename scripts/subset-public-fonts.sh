#!/bin/sh
# Makes the two small font files the static public pages load first (app/features/public/fonts/):
# Fraunces (headings) and Inter (text) cut down to plain Latin letters, digits and the punctuation
# our pages use. They are committed; run this again only when the fonts or the character list change.
# Needs fontTools with brotli (pip's fonttools and brotli, or Debian's python3-fonttools and
# python3-brotli) and `npm install` done. site.css names the same characters in the unicode-range
# of these two faces, and leaves them out of the full Latin faces' ranges: keep the lists in step
# (tests/e2e/public.e2e.test.ts checks the headings' characters and that only these files load).
set -eu
cd "$(dirname "$0")/.."
UNICODES="U+0020-007E,U+00A0,U+00A7,U+00A9,U+00AE,U+00B0,U+00B7,U+00BC-00BE,U+00D7,U+2013-2014,U+2018-2019,U+201C-201D,U+2026,U+2192"
FEATURES="kern,liga,calt,ccmp,locl,mark,mkmk"
SRC=node_modules/@fontsource-variable
OUT=app/features/public/fonts
for pair in "fraunces/files/fraunces-latin-wght-normal.woff2 fraunces-basic-wght.woff2" "inter/files/inter-latin-wght-normal.woff2 inter-basic-wght.woff2"; do
  set -- $pair
  pyftsubset "$SRC/$1" --unicodes="$UNICODES" --layout-features="$FEATURES" --flavor=woff2 --output-file="$OUT/$2"
done
ls -l "$OUT"
