# SPDX-License-Identifier: MIT
# ud_bench.sh: builds the paragraph-level sentence benchmark from a Universal
# Dependencies treebank checkout (issue 19). The treebank is not part of this
# repository (CC BY-SA 4.0, fetched separately); pass its directory.
#
#   sh tests/ud_bench.sh UD_DIR OUT_DIR
#
# For every NAME-ud-train.conllu and NAME-ud-dev.conllu in UD_DIR it writes
# OUT_DIR/NAME-train.tsv and OUT_DIR/NAME-dev.tsv. Test splits are never read
# (they are kept for final checks), and neither is GUM.
#
# One paragraph per line (a paragraph starts at "# newdoc" or "# newpar"):
#   DOC-ID <TAB> BOUNDARIES <TAB> TEXT
# TEXT is the paragraph's running text: its sentences' "# text =" lines joined
# by one space, or by nothing when the sentence's last token has SpaceAfter=No.
# BOUNDARIES are the code-point offsets in TEXT where its second, third...
# sentence begins, comma-separated ("-" when it has one sentence).
set -eu

if [ $# -ne 2 ] || [ ! -d "$1" ]; then
    echo "usage: sh tests/ud_bench.sh UD_DIR OUT_DIR (UD_DIR holds *-ud-dev.conllu)" >&2
    exit 2
fi
ud=$1
out=$2
mkdir -p "$out"
found=0
for f in "$ud"/*-ud-train.conllu "$ud"/*-ud-dev.conllu; do
    [ -f "$f" ] || continue
    base=$(basename "$f" .conllu)
    case $base in *gum*|*GUM*) continue ;; esac
    name=$(echo "$base" | sed 's/-ud-/-/')
    # C locale: bytes in, bytes out; code points are counted by hand below.
    LC_ALL=C awk -v src="$base" '
        function cps(s,   t) { t = s; return length(s) - gsub(/[\200-\277]/, "", t) }
        function flush() {
            if (nsent > 0) print doc "\t" (bounds == "" ? "-" : bounds) "\t" text
            nsent = 0; text = ""; bounds = ""; glue = ""
        }
        /^# newdoc/ { flush(); doc = $0; sub(/^# newdoc( id =)? */, "", doc); next }
        /^# newpar/ { flush(); next }
        /^# text = / {
            s = substr($0, 10)
            gsub(/\t/, " ", s)
            if (nsent > 0) { text = text glue; bounds = bounds (bounds == "" ? "" : ",") cps(text) }
            text = text s
            nsent++
            last_misc = ""; range_end = 0
            next
        }
        /^[0-9]+-[0-9]+\t/ {            # a multi-word token carries the spacing
            split($0, c, "\t"); split(c[1], r, "-"); range_end = r[2] + 0; last_misc = c[10]; next
        }
        /^[0-9]+\t/ {
            split($0, c, "\t"); if (c[1] + 0 > range_end) last_misc = c[10]; next
        }
        /^$/ { glue = last_misc ~ /(^|\|)SpaceAfter=No(\||$)/ ? "" : " "; next }
        END { flush() }
    ' "$f" > "$out/$name.tsv"
    lines=$(wc -l < "$out/$name.tsv")
    echo "ud_bench: $out/$name.tsv: $lines paragraphs from $base.conllu"
    found=1
done
if [ "$found" = 0 ]; then
    echo "ud_bench: no *-ud-train.conllu or *-ud-dev.conllu in $ud" >&2
    exit 1
fi
