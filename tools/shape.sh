#!/bin/sh
# tools/shape.sh [header]: the 1.0 engine's shape figures of structsvm.h (default ./structsvm.h), as the notes quote
# them: fields of struct ssvm_solver; comparisons of the solver kind; tests of callback-pointer identity; casts of
# a problem's user to a built-in model; and, per solver that has its own section, the implementation lines outside
# that section that name it (its fields, its kind, its functions): its table row is what should remain.
# Compare two versions: tools/shape.sh; git show 736da99:structsvm.h > /tmp/old.h; tools/shape.sh /tmp/old.h
f=${1:-structsvm.h}
[ -f "$f" ] || { echo "shape: no $f" >&2; exit 1; }
fields=$(awk '/^typedef struct ssvm_solver \{/{on=1;next} on&&/^\} ssvm_solver;/{on=0} on' "$f" |
    sed 's|/\*.*\*/||g; s|/\*.*||; s|^ *[^ ]*\*/||' | grep -v '^#' | tr ';' '\n' |
    grep -o '_[A-Za-z0-9_]*\(\[[^]]*\]\)*[ ]*\(,\|$\)' | wc -l)
kinds=$(grep -c 'solver == SSVM_\|solver != SSVM_\|switch (.*solver)' "$f")
ident=$(grep -cE '\b(truth|phi|oracle|decode|loss|stats|expand|stat_dim) *[!=]= *&? *ssvm__[a-z_]+' "$f")
casts=$(grep -cE '\( *(const +)?ssvm_(chain|graph|assign|multiclass) *\* *\) *\(? *[A-Za-z_][A-Za-z0-9_]* *(->|\.) *[A-Za-z_>.-]*user' "$f")
echo "ssvm_solver fields: $fields"
echo "solver-kind comparisons: $kinds"
echo "callback-pointer identity tests: $ident"
echo "casts of a problem's user to a built-in model: $casts"
# outside SECTION-REGEX PATTERN: implementation lines outside the section that match the pattern
outside() {
    awk -v start="$1" -v pat="$2" '
    /^\/\* >>implementation/ {impl = 1}
    impl && $0 ~ start {insec = 1; next}
    insec && /^\/\* >>/ && $0 !~ start {insec = 0}
    impl && !insec && $0 ~ pat {n++}
    END {print n + 0}' "$f"
}
echo "lines outside their own section: cutting plane $(outside '^/\* >>cutplane' '_cp_|SSVM_CUTTING_PLANE|ssvm__cp_')," \
     "clique generation $(outside '^/\* >>cliquegen' '_cg_|SSVM_CLIQUEGEN|ssvm__cg_')," \
     "DEG $(outside '^/\* >>solvers: dual extragradient' '_dg_|SSVM_DEG[^_A-Z]|ssvm__deg_')," \
     "online EG $(outside '^/\* >>eg' '_eg_|SSVM_EG[^_A-Z]|ssvm__eg_')," \
     "kernel $(outside '^/\* >>kernel' '_kn_|SSVM_KBCFW|ssvm__kn_')"
