#!/bin/bash
# tools/check_markers.sh [file]: structsvm.h's section markers (MANUAL: CONTENTS). The code's sections are the block
# comments whose first word is a >> marker, at column 0 (`grep -n '^/\* >>' structsvm.h` is the table of contents).
# Checks, printing each problem (file:line: ...) and exiting 1 if there is one:
#   1. every >>name in the file (a cross-reference, in a comment) names a section: some line `/* >>name` at column 0,
#      or the file's top-level `>>manual` line;
#   2. a section marker is not inside a function or type body: the braces outside comments, strings and
#      `extern "C" {` balance at every column-0 `/* >>name` (an indented comment that opens with >>name, as on a
#      struct's fields, is a cross-reference: rule 1 checks its name);
#   3. one order (MANUAL: CONTENTS): in the declarations (before `/* >>implementation`) and in the implementation,
#      each section is one run of consecutive markers, and the sections both parts have come in the same order.
#      Only the declarations have config and oldnames; only the implementation has implementation, basics, linalg,
#      math, sort (its private helpers), algorithms (the table) and the sections whose declarations live in
#      another's block (exact and speed: fields of config.bcfw and ssvm_problem).
set -u
F=${1:-structsvm.h}
[ -f "$F" ] || { echo "check_markers: no $F" >&2; exit 2; }
awk '
function report(msg) { printf "%s:%d: %s\n", FILENAME, FNR, msg; bad++ }
# pass 1: the section names
FNR == NR {
    if (match($0, /^\/\* >>[a-z][a-z0-9-]*/)) defined[substr($0, 6, RLENGTH - 5)] = 1
    if (FNR <= 20 && match($0, /^[ \t]*>>manual/)) defined["manual"] = 1
    next
}
# pass 2: references, brace depth at each marker
{
    line = $0
    if (line ~ /^\/\* >>[a-z]/ && depth > 0 && !incomment)
        report("section marker at brace depth " depth " (inside a body?): " substr(line, 1, 60))
    rest = line
    while (match(rest, />>[a-z][a-z0-9-]*/)) {
        name = substr(rest, RSTART + 2, RLENGTH - 2)
        if (!(name in defined)) report(">>" name " names no section (no line starting \"/* >>" name "\")")
        rest = substr(rest, RSTART + RLENGTH)
    }
    # the braces outside comments, strings and character constants; extern "C" { ... } does not count
    if (line ~ /^extern "C" \{/) { externs++; next }
    if (line ~ /^\}/ && externs > 0 && depth == 0 && !incomment) { externs--; next }
    n = length(line); i = 1; inlit = ""
    while (i <= n) {
        c = substr(line, i, 1); c2 = substr(line, i, 2)
        if (incomment) { if (c2 == "*/") { incomment = 0; i += 2; continue } i++; continue }
        if (inlit != "") {
            if (c == "\\") { i += 2; continue }
            if (c == inlit) inlit = ""
            i++; continue
        }
        if (c2 == "/*") { incomment = 1; i += 2; continue }
        if (c2 == "//") break
        if (c == "\"" || c == "\047") { inlit = c; i++; continue }
        if (c == "{") depth++
        else if (c == "}") depth--
        i++
    }
}
END {
    if (depth != 0) { FNR = 0; report("the braces do not balance at the end (" depth "): the depth check is off") }
    exit bad > 0 ? 1 : 0
}
' "$F" "$F"
rc=$?
awk '
BEGIN { part = 0 }
/^\/\* >>implementation/ { part = 1 }
match($0, /^\/\* >>[a-z][a-z0-9-]*/) {
    n = substr($0, 6, RLENGTH - 5)
    if (n == last[part]) next
    last[part] = n
    if ((part, n) in seen) { printf "%s:%d: >>%s is a second run of that section in the %s\n", FILENAME, FNR, n, part ? "implementation" : "declarations"; bad++ }
    seen[part, n] = 1
    seq[part, ++len[part]] = n
}
END {
    only["config"] = only["oldnames"] = 1
    split("implementation basics linalg math sort algorithms exact speed", io, " ")
    for (k in io) only[io[k]] = 1
    i = 1; j = 1
    while (i <= len[0] || j <= len[1]) {
        while (i <= len[0] && (seq[0, i] in only)) i++
        while (j <= len[1] && (seq[1, j] in only)) j++
        if (i > len[0] || j > len[1]) break
        if (seq[0, i] != seq[1, j]) {
            printf "%s: the declarations order >>%s where the implementation has >>%s (one order: MANUAL CONTENTS)\n", FILENAME, seq[0, i], seq[1, j]
            bad++; break
        }
        i++; j++
    }
    if (!bad && (i <= len[0] || j <= len[1])) { printf "%s: the declarations and the implementation end with different sections\n", FILENAME; bad++ }
    exit bad > 0 ? 1 : 0
}
' "$F" || rc=1
exit $rc
