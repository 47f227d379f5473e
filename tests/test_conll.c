/* tests/test_conll.c: examples/conll_data.h — conlleval scorer on hand-worked cases, the reader on
 * malformed input, features, writer, and the real CoNLL-2000 files when ../shared is present.
 * One translation unit of the test program (suite_conll). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, rmdir, popen */
#include <unistd.h>
#include "../structsvm.h"
#include "harness.h"
#include "fixtures_conll.h"

/* ---- helpers ---- */

/* Score one set of tags given as arrays of strings with sentence offsets. */
static int tconll_score(int n_sent, const int *sent_start, const char *const *gold, const char *const *pred,
                        conll_scores *sc) {
    return conll_score_tags(n_sent, sent_start, gold, pred, sc);
}

/* One scoring case: chunk counts, the hand-computed F1 and token accuracy, and precision / recall as
   conlleval defines them from the counts (100 c/guessed, 100 c/gold, 0 when undefined). A macro so that a
   failure names the case's line. */
/* conlleval's ratio: 100 num/den, 0 when den is 0. A function, not an expression in the macro, so that
   constant arguments never fold into a division by zero (g++ -Werror=div-by-zero). */
static double tconll_pct(long num, long den) { return den ? 100.0 * num / den : 0.0; }
#define TCONLL_EXPECT(t, sc, fc, fg, c, f1v, acc) do { \
    TH_CHECK(t, (sc).found_correct == (fc) && (sc).found_guessed == (fg) && (sc).correct == (c)); \
    TH_NEAR(t, (sc).precision, tconll_pct((c), (fg)), 1e-12); \
    TH_NEAR(t, (sc).recall, tconll_pct((c), (fc)), 1e-12); \
    TH_NEAR(t, (sc).f1, (f1v), 1e-12); \
    TH_NEAR(t, (sc).accuracy, (acc), 1e-12); \
} while (0)

/* A fresh directory under /tmp for one test's files; 0 on success. */
static int tconll_mkdir(char *dir, size_t cap) {
    if (cap < 32) return -1;
    strcpy(dir, "/tmp/conll_test_XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

/* Write len bytes to dir/name; the full path goes to path (cap bytes). 0 on success. */
static int tconll_write(const char *dir, const char *name, const char *data, size_t len, char *path, size_t cap) {
    FILE *f;
    size_t n;
    if ((size_t)snprintf(path, cap, "%s/%s", dir, name) >= cap) return -1;
    f = fopen(path, "wb");
    if (!f) return -1;
    n = fwrite(data, 1, len, f);
    if (fclose(f) != 0 || n != len) return -1;
    return 0;
}

/* Load text through a temporary file and conll_load; returns conll_load's result. */
static int tconll_load_text(th_ctx *t, const char *text, size_t len, conll_corpus *c, char *err, size_t errlen) {
    char dir[64], path[128];
    int rc;
    if (tconll_mkdir(dir, sizeof dir) || tconll_write(dir, "in.txt", text, len, path, sizeof path)) {
        TH_CHECKF(t, 0, "cannot create a temporary file");
        conll_corpus_init(c);
        return -2;
    }
    rc = conll_load(path, c, err, errlen);
    remove(path);
    rmdir(dir);
    return rc;
}

/* ---- scorer (conlleval rules) ---- */

static void test_conll_score_sentence_end(th_ctx *t) {
    /* Two sentences. Sentence 1 ends inside an NP: the sentence break closes it in both gold and
     * guess, so it is one correct chunk. Sentence 2: the guess starts with I-NP, which after the
     * break (an O) starts a chunk, so it equals gold's B-NP chunk although the tag differs.
     * Gold chunks: NP[0,1], NP[2]; guessed: the same. correct 2, found 2/2:
     * P = R = F1 = 100. Tags right: 3 of 4 (I-NP vs B-NP) -> accuracy 75. */
    static const char *const gold[] = {"B-NP", "I-NP", "B-NP", "O"};
    static const char *const pred[] = {"B-NP", "I-NP", "I-NP", "O"};
    static const int ss[] = {0, 2, 4};
    conll_scores sc;
    TH_CHECK(t, tconll_score(2, ss, gold, pred, &sc) == 0);
    TCONLL_EXPECT(t, sc, 2, 2, 2, 100.0, 75.0);
    TH_CHECK(t, sc.n_tok == 4 && sc.correct_tags == 3);
    conll_scores_free(&sc);
}

static void test_conll_score_chunk_at_end(th_ctx *t) {
    /* One sentence whose last token ends a VP. Gold: NP[0] VP[1,2]; guess: NP[0] VP[1] O.
     * The gold VP ends at the sentence end, the guessed one a token earlier: not correct.
     * correct 1 (NP), guessed 2, gold 2: P = R = F1 = 50. Tags right 2/3 -> 66.67. */
    static const char *const gold[] = {"B-NP", "B-VP", "I-VP"};
    static const char *const pred[] = {"B-NP", "B-VP", "O"};
    static const int ss[] = {0, 3};
    conll_scores sc;
    TH_CHECK(t, tconll_score(1, ss, gold, pred, &sc) == 0);
    TCONLL_EXPECT(t, sc, 2, 2, 1, 50.0, 200.0 / 3.0);
    conll_scores_free(&sc);
}

static void test_conll_score_i_without_b(th_ctx *t) {
    /* I-NP after O (token 1) and I-NP first in the sentence (token 3 starts sentence 2) both start
     * a chunk, so the guess has the same chunks as gold: NP[1,2] and NP[3,4].
     * correct 2, found 2/2: P = R = F1 = 100. Tags right: 3 of 5 -> accuracy 60. */
    static const char *const gold[] = {"O", "B-NP", "I-NP", "B-NP", "I-NP"};
    static const char *const pred[] = {"O", "I-NP", "I-NP", "I-NP", "I-NP"};
    static const int ss[] = {0, 3, 5};
    conll_scores sc;
    TH_CHECK(t, tconll_score(2, ss, gold, pred, &sc) == 0);
    TCONLL_EXPECT(t, sc, 2, 2, 2, 100.0, 60.0);
    conll_scores_free(&sc);
}

static void test_conll_score_type_change(th_ctx *t) {
    /* Case a: a type change inside a run of I- tags starts a new chunk.
     * Gold: NP[0,1] VP[2,3]. Guess B-NP I-NP I-VP I-VP: I-VP after I-NP starts VP[2,3], so the
     * chunks match: correct 2 of 2 and 2: P = R = F1 = 100. Tags right 3/4 -> 75.
     * Case b: the change splits a gold chunk. Gold NP[0,2]; guess B-NP I-NP I-VP = NP[0,1] VP[2].
     * correct 0, guessed 2, gold 1: P = R = F1 = 0. Tags right 2/3. */
    static const char *const gold_a[] = {"B-NP", "I-NP", "B-VP", "I-VP"};
    static const char *const pred_a[] = {"B-NP", "I-NP", "I-VP", "I-VP"};
    static const char *const gold_b[] = {"B-NP", "I-NP", "I-NP"};
    static const char *const pred_b[] = {"B-NP", "I-NP", "I-VP"};
    static const int ss_a[] = {0, 4}, ss_b[] = {0, 3};
    conll_scores sc;
    TH_CHECK(t, tconll_score(1, ss_a, gold_a, pred_a, &sc) == 0);
    TCONLL_EXPECT(t, sc, 2, 2, 2, 100.0, 75.0);
    conll_scores_free(&sc);
    TH_CHECK(t, tconll_score(1, ss_b, gold_b, pred_b, &sc) == 0);
    TCONLL_EXPECT(t, sc, 1, 2, 0, 0.0, 200.0 / 3.0);
    TH_CHECK(t, sc.n_types == 2); /* NP found in gold, VP only guessed: conlleval lists both */
    if (sc.n_types == 2) {
        TH_CHECK(t, strcmp(sc.types[0].type, "NP") == 0 && strcmp(sc.types[1].type, "VP") == 0);
        TH_CHECK(t, sc.types[1].found_correct == 0 && sc.types[1].found_guessed == 1);
    }
    conll_scores_free(&sc);
}

static void test_conll_score_all_o(th_ctx *t) {
    /* Case a: O everywhere in gold and guess: no chunks at all. conlleval leaves P, R, F1 at their
     * default 0 when a denominator is 0; accuracy 3/3 = 100.
     * Case b: gold has NP[0,1] and VP[3], the guess is all O: guessed 0 -> P = 0, R = 0/2 = 0,
     * F1 = 0; tags right only token 2 -> accuracy 25. */
    static const char *const o3[] = {"O", "O", "O"};
    static const char *const gold_b[] = {"B-NP", "I-NP", "O", "B-VP"};
    static const char *const o4[] = {"O", "O", "O", "O"};
    static const int ss_a[] = {0, 3}, ss_b[] = {0, 4};
    conll_scores sc;
    TH_CHECK(t, tconll_score(1, ss_a, o3, o3, &sc) == 0);
    TCONLL_EXPECT(t, sc, 0, 0, 0, 0.0, 100.0);
    TH_CHECK(t, sc.n_types == 0);
    conll_scores_free(&sc);
    TH_CHECK(t, tconll_score(1, ss_b, gold_b, o4, &sc) == 0);
    TCONLL_EXPECT(t, sc, 2, 0, 0, 0.0, 25.0);
    conll_scores_free(&sc);
}

static void test_conll_score_all_correct(th_ctx *t) {
    /* The first sentence of the CoNLL-2000 task description:
     * [NP He] [VP reckons] [NP the current account deficit] [VP will narrow] [PP to]
     * [NP only # 1.8 billion] [PP in] [NP September] .  -> 8 chunks: NP 4, VP 2, PP 2.
     * Guess = gold: P = R = F1 = accuracy = 100; per type sorted NP, PP, VP. */
    static const char *const tags[] = {"B-NP", "B-VP", "B-NP", "I-NP", "I-NP", "I-NP", "B-VP", "I-VP",
                                       "B-PP", "B-NP", "I-NP", "I-NP", "I-NP", "B-PP", "B-NP", "O"};
    static const int ss[] = {0, 16};
    conll_scores sc;
    TH_CHECK(t, tconll_score(1, ss, tags, tags, &sc) == 0);
    TCONLL_EXPECT(t, sc, 8, 8, 8, 100.0, 100.0);
    TH_CHECK(t, sc.n_types == 3);
    if (sc.n_types == 3) {
        TH_CHECK(t, strcmp(sc.types[0].type, "NP") == 0 && sc.types[0].correct == 4);
        TH_CHECK(t, strcmp(sc.types[1].type, "PP") == 0 && sc.types[1].correct == 2);
        TH_CHECK(t, strcmp(sc.types[2].type, "VP") == 0 && sc.types[2].correct == 2);
        TH_NEAR(t, sc.types[2].f1, 100.0, 1e-12);
    }
    conll_scores_free(&sc);
}

static void test_conll_score_boundary_error(th_ctx *t) {
    /* Gold: NP[0,1] VP[2] NP[3,4] = 3 chunks. Guess B-NP B-NP B-VP B-NP I-NP splits the first NP:
     * NP[0] NP[1] VP[2] NP[3,4] = 4 chunks; VP and NP[3,4] are right: correct 2.
     * P = 2/4 = 50, R = 2/3 = 66.67, F1 = 2*50*66.67/(50+66.67) = 400/7 = 57.14.
     * Tags right: all but token 1 -> 80. Per type NP: correct 1, gold 2, guessed 3:
     * P = 33.33, R = 50, F1 = 40; VP: 100. */
    static const char *const gold[] = {"B-NP", "I-NP", "B-VP", "B-NP", "I-NP"};
    static const char *const pred[] = {"B-NP", "B-NP", "B-VP", "B-NP", "I-NP"};
    static const int ss[] = {0, 5};
    conll_scores sc;
    TH_CHECK(t, tconll_score(1, ss, gold, pred, &sc) == 0);
    TCONLL_EXPECT(t, sc, 3, 4, 2, 400.0 / 7.0, 80.0);
    TH_CHECK(t, sc.n_types == 2);
    if (sc.n_types == 2) {
        TH_NEAR(t, sc.types[0].precision, 100.0 / 3.0, 1e-12);
        TH_NEAR(t, sc.types[0].recall, 50.0, 1e-12);
        TH_NEAR(t, sc.types[0].f1, 40.0, 1e-12);
        TH_NEAR(t, sc.types[1].f1, 100.0, 1e-12);
    }
    conll_scores_free(&sc);
}

static void test_conll_score_ioe(th_ctx *t) {
    /* conlleval also reads IOE tags: E-X ends a chunk, so I-NP E-NP I-NP E-NP is two NPs; a guess
     * of I-NP I-NP I-NP E-NP is one NP[0,3]. Gold 2, guessed 1, correct 0: F1 = 0.
     * Tags right 3/4 -> 75. */
    static const char *const gold[] = {"I-NP", "E-NP", "I-NP", "E-NP"};
    static const char *const pred[] = {"I-NP", "I-NP", "I-NP", "E-NP"};
    static const int ss[] = {0, 4};
    conll_scores sc;
    TH_CHECK(t, tconll_score(1, ss, gold, pred, &sc) == 0);
    TCONLL_EXPECT(t, sc, 2, 1, 0, 0.0, 75.0);
    conll_scores_free(&sc);
}

/* ---- reader ---- */

static void test_conll_read_missing_column(th_ctx *t) {
    static const char two[] = "The DT B-NP\ncat NN I-NP\n\nsat VBD\n";
    static const char four[] = "The DT B-NP extra\n";
    char err[256];
    conll_corpus c;
    err[0] = '\0';
    TH_CHECK(t, tconll_load_text(t, two, sizeof two - 1, &c, err, sizeof err) == -1);
    TH_CHECKF(t, strstr(err, "in.txt:4: expected 3 columns") != NULL, "err = \"%s\"", err);
    TH_CHECK(t, c.n_tok == 0 && c.word == NULL); /* left empty, safe to free */
    conll_corpus_free(&c);
    err[0] = '\0';
    TH_CHECK(t, tconll_load_text(t, four, sizeof four - 1, &c, err, sizeof err) == -1);
    TH_CHECKF(t, strstr(err, ":1: expected 3 columns") != NULL && strstr(err, "found 4"), "err = \"%s\"", err);
    conll_corpus_free(&c);
}

static void test_conll_read_empty(th_ctx *t) {
    char err[256];
    conll_corpus c;
    err[0] = '\0';
    TH_CHECK(t, tconll_load_text(t, "", 0, &c, err, sizeof err) == -1);
    TH_CHECKF(t, strstr(err, "no sentences") != NULL, "err = \"%s\"", err);
    err[0] = '\0';
    TH_CHECK(t, tconll_load_text(t, "\n\r\n  \n", 6, &c, err, sizeof err) == -1);
    TH_CHECKF(t, strstr(err, "no sentences") != NULL, "err = \"%s\"", err);
    TH_CHECK(t, conll_load("/nonexistent/conll.txt", &c, err, sizeof err) == -1);
    TH_CHECK(t, conll_load("/nonexistent/conll.txt.gz", &c, err, sizeof err) == -1);
    TH_CHECK(t, conll_load("/nonexistent/x", &c, NULL, 0) == -1); /* no error buffer: still fine */
    TH_CHECK(t, conll_parse("a b\0c\n", 6, "mem", &c, err, sizeof err) == -1);
    TH_CHECKF(t, strstr(err, "mem:1: NUL byte") != NULL, "err = \"%s\"", err);
}

static void test_conll_read_crlf_blanks(th_ctx *t) {
    /* CRLF ends, blank lines before, between (three) and none at the end. */
    static const char text[] = "\r\n\r\nThe DT B-NP\r\ncat NN I-NP\r\n\r\n\r\n\r\nsat VBD B-VP\r\n. . O";
    char err[256];
    conll_corpus c;
    TH_CHECK(t, tconll_load_text(t, text, sizeof text - 1, &c, err, sizeof err) == 0);
    TH_CHECK(t, c.n_sent == 2 && c.n_tok == 4);
    if (c.n_sent == 2 && c.n_tok == 4) {
        TH_CHECK(t, c.sent_start[0] == 0 && c.sent_start[1] == 2 && c.sent_start[2] == 4);
        TH_CHECK(t, strcmp(conll_chunk(&c, 1), "I-NP") == 0); /* no CR left on the last column */
        TH_CHECK(t, strcmp(conll_word(&c, 3), ".") == 0 && strcmp(conll_chunk(&c, 3), "O") == 0);
        TH_CHECK(t, c.word[3] == c.pos[3]); /* "." interned once */
    }
    conll_corpus_free(&c);
}

static void test_conll_read_long(th_ctx *t) {
    /* A 600-token sentence with a 100,000-character word in it, then a 1-token sentence. */
    int n = 600, i, ntok = 0;
    size_t cap = 200000, len = 0, wlen = 100000;
    char *text = (char *)malloc(cap), err[256];
    conll_corpus c;
    conll_dict attrs, labels;
    conll_features f;
    if (!text) { TH_CHECK(t, text != NULL); return; }
    for (i = 0; i < n; i++) {
        if (i == 300) {
            memset(text + len, 'x', wlen);
            len += wlen;
            len += (size_t)sprintf(text + len, " NN I-NP\n");
        } else {
            len += (size_t)sprintf(text + len, "w%d NN %s\n", i, i % 3 ? "I-NP" : "B-NP");
        }
    }
    len += (size_t)sprintf(text + len, "\nend NN B-NP\n");
    TH_CHECK(t, tconll_load_text(t, text, len, &c, err, sizeof err) == 0);
    TH_CHECK(t, c.n_sent == 2 && c.n_tok == n + 1);
    if (c.n_tok == n + 1) {
        TH_CHECK(t, strlen(conll_word(&c, 300)) == wlen);
        conll_dict_init(&attrs);
        conll_dict_init(&labels);
        TH_CHECK(t, conll_featurize(&c, &attrs, &labels, 1, 1, &f, err, sizeof err) == 0);
        for (i = 0; i < f.n_tok; i++) ntok += f.attr_start[i + 1] - f.attr_start[i] == CONLL_N_TEMPLATES;
        TH_CHECK(t, ntok == n + 1 && f.n_labels == 2);
        TH_CHECK(t, conll_dict_find(&attrs, "U06:w299/w300", 13) < 0); /* w300 is the long word */
        TH_CHECK(t, conll_dict_find(&attrs, "U05:w301/w302", 13) >= 0);
        conll_features_free(&f);
        conll_dict_free(&attrs);
        conll_dict_free(&labels);
    }
    conll_corpus_free(&c);
    free(text);
}

static void test_conll_read_gz_quoted_path(th_ctx *t) {
    /* A .gz whose name has a quote and spaces: exercises the shell quoting of the gzip command. */
    static const char text[] = "He PRP B-NP\nran VBD B-VP\n";
    char dir[64], plain[128], gz[160], cmd[400], err[256];
    conll_corpus c;
    if (tconll_mkdir(dir, sizeof dir) || tconll_write(dir, "a.txt", text, sizeof text - 1, plain, sizeof plain)) {
        TH_CHECKF(t, 0, "cannot create a temporary file");
        return;
    }
    snprintf(cmd, sizeof cmd, "gzip -c '%s' > '%s/a.gz'", plain, dir); /* dir is /tmp/conll_test_ + alnum */
    if (system(cmd) != 0) {
        remove(plain); rmdir(dir);
        th_skip(t, "gzip not available");
        return;
    }
    snprintf(cmd, sizeof cmd, "%s/a.gz", dir);
    snprintf(gz, sizeof gz, "%s/-it's a $(file) `x`.gz", dir);
    TH_CHECK(t, rename(cmd, gz) == 0);
    TH_CHECKF(t, conll_load(gz, &c, err, sizeof err) == 0, "%s", err);
    TH_CHECK(t, c.n_sent == 1 && c.n_tok == 2);
    if (c.n_tok == 2) TH_CHECK(t, strcmp(conll_chunk(&c, 1), "B-VP") == 0);
    conll_corpus_free(&c);
    /* a .gz that is not gzip data: gzip fails, we report it */
    TH_CHECK(t, rename(plain, gz) == 0);
    TH_CHECK(t, conll_load(gz, &c, err, sizeof err) == -1);
    TH_CHECKF(t, strstr(err, "gzip") != NULL, "err = \"%s\"", err);
    remove(gz); remove(plain); remove(cmd);
    rmdir(dir);
}

/* ---- features, unseen labels, writer ---- */

/* everything a train/test featurisation test holds */
static void tconll_free_all(conll_features *ftr, conll_features *fte, conll_dict *attrs, conll_dict *labels,
                            conll_corpus *tr, conll_corpus *te) {
    conll_features_free(ftr);
    conll_features_free(fte);
    conll_dict_free(attrs);
    conll_dict_free(labels);
    conll_corpus_free(tr);
    conll_corpus_free(te);
}

static void test_conll_features_template(th_ctx *t) {
    /* Sentence "He reckons it": check the 19 attribute strings of token 0 and the padding. */
    static const char text[] = "He PRP B-NP\nreckons VBZ B-VP\nit PRP B-NP\n";
    static const char *const want[CONLL_N_TEMPLATES] = {
        "U00:_B-2", "U01:_B-1", "U02:He", "U03:reckons", "U04:it", "U05:_B-1/He", "U06:He/reckons",
        "U10:_B-2", "U11:_B-1", "U12:PRP", "U13:VBZ", "U14:PRP", "U15:_B-2/_B-1", "U16:_B-1/PRP",
        "U17:PRP/VBZ", "U18:VBZ/PRP", "U20:_B-2/_B-1/PRP", "U21:_B-1/PRP/VBZ", "U22:PRP/VBZ/PRP"};
    char err[256];
    conll_corpus c;
    conll_dict attrs, labels;
    conll_features f;
    int k, id;
    TH_CHECK(t, conll_parse(text, sizeof text - 1, "mem", &c, err, sizeof err) == 0);
    conll_dict_init(&attrs);
    conll_dict_init(&labels);
    TH_CHECK(t, conll_featurize(&c, &attrs, &labels, 1, 1, &f, err, sizeof err) == 0);
    TH_CHECK(t, f.n_tok == 3 && f.attr_start[1] == CONLL_N_TEMPLATES && f.attr_start[3] == 3 * CONLL_N_TEMPLATES);
    for (k = 0; k < CONLL_N_TEMPLATES; k++) {
        id = conll_dict_find(&attrs, want[k], strlen(want[k]));
        TH_CHECKF(t, id >= 0 && f.attr_id[k] == id, "template %d: %s", k, want[k]);
    }
    id = conll_dict_find(&attrs, "U22:PRP/_B+1/_B+2", 17); /* token 2's last trigram */
    TH_CHECK(t, id >= 0 && f.attr_id[3 * CONLL_N_TEMPLATES - 1] == id);
    TH_CHECK(t, f.n_labels == 2 && f.label[0] == f.label[2] && f.label[0] != f.label[1]);
    /* token 0 and token 2 share U12:PRP; U00:_B-2 (token 0) differs from U10:_B-2 */
    TH_CHECK(t, f.attr_id[9] == f.attr_id[2 * CONLL_N_TEMPLATES + 9] && f.attr_id[0] != f.attr_id[7]);
    conll_features_free(&f);
    /* min_count 2 keeps only attributes seen twice: U10:_B-2? no (once). U12:PRP (tokens 0, 2) yes. */
    conll_dict_free(&attrs);
    conll_dict_init(&attrs);
    TH_CHECK(t, conll_featurize(&c, &attrs, &labels, 1, 2, &f, err, sizeof err) == 0);
    TH_CHECK(t, conll_dict_find(&attrs, "U12:PRP", 7) >= 0 && conll_dict_find(&attrs, "U10:_B-2", 8) < 0);
    TH_CHECK(t, f.attr_start[3] < 3 * CONLL_N_TEMPLATES && f.n_attr == attrs.n);
    for (k = 0; k < f.attr_start[3]; k++) TH_CHECK(t, f.attr_id[k] >= 0 && f.attr_id[k] < f.n_attr);
    conll_features_free(&f);
    conll_dict_free(&attrs);
    conll_dict_free(&labels);
    conll_corpus_free(&c);
}

static void test_conll_unseen_label(th_ctx *t) {
    /* Test data with a tag the training data lacks (like CoNLL-2000's I-LST): its label is -1, the
     * dictionaries do not grow, unseen attributes are dropped, and scoring counts it as wrong. */
    static const char train[] = "He PRP B-NP\nran VBD B-VP\n. . O\n";
    static const char test[] = "1 LS B-LST\nHe PRP B-NP\n";
    char err[256], *buf = NULL;
    size_t blen = 0;
    conll_corpus tr, te;
    conll_dict attrs, labels;
    conll_features ftr, fte;
    conll_scores sc;
    int n_attr, pred[2];
    FILE *mf;
    TH_CHECK(t, conll_parse(train, sizeof train - 1, "train", &tr, err, sizeof err) == 0);
    TH_CHECK(t, tconll_load_text(t, test, sizeof test - 1, &te, err, sizeof err) == 0);
    conll_dict_init(&attrs);
    conll_dict_init(&labels);
    TH_CHECK(t, conll_featurize(&tr, &attrs, &labels, 1, 1, &ftr, err, sizeof err) == 0);
    n_attr = attrs.n;
    /* words and POS tags all differ, so no two of the 3 x 19 attribute strings coincide */
    TH_CHECK(t, n_attr == 3 * CONLL_N_TEMPLATES);
    TH_CHECK(t, conll_featurize(&te, &attrs, &labels, 0, 1, &fte, err, sizeof err) == 0);
    TH_CHECK(t, attrs.n == n_attr && labels.n == 3 && fte.n_labels == 3);
    TH_CHECK(t, fte.label[0] == -1 && fte.label[1] == conll_dict_find(&labels, "B-NP", 4));
    TH_CHECK(t, fte.attr_start[2] < 2 * CONLL_N_TEMPLATES); /* "1", "LS", ... were dropped */
    /* predict B-NP for both tokens: token 0 wrong (gold B-LST), token 1 right */
    pred[0] = pred[1] = conll_dict_find(&labels, "B-NP", 4);
    TH_CHECK(t, conll_score(&te, pred, &labels, &sc) == 0);
    TH_CHECK(t, sc.n_tok == 2 && sc.correct_tags == 1 && sc.found_correct == 2 && sc.found_guessed == 2 && sc.correct == 1);
    TH_NEAR(t, sc.f1, 50.0, 1e-12);
    conll_scores_free(&sc);
    pred[1] = 99; /* an id outside the dictionary is an error, not a crash */
    TH_CHECK(t, conll_score(&te, pred, &labels, &sc) == -1);
    conll_scores_free(&sc);
    pred[1] = pred[0];
    /* writer: 4 columns, the gold I-LST kept as text, blank line after the sentence */
    mf = tmpfile();
    if (mf) {
        TH_CHECK(t, conll_write(mf, &te, pred, &labels) == 0);
        blen = (size_t)ftell(mf);
        buf = (char *)calloc(blen + 1, 1);
        rewind(mf);
        if (buf) TH_CHECK(t, fread(buf, 1, blen, mf) == blen);
        if (buf) TH_CHECKF(t, strcmp(buf, "1 LS B-LST B-NP\nHe PRP B-NP B-NP\n\n") == 0, "wrote \"%s\"", buf);
        pred[0] = -1;
        TH_CHECK(t, conll_write(mf, &te, pred, &labels) == -1);
        fclose(mf);
        free(buf);
    }
    tconll_free_all(&ftr, &fte, &attrs, &labels, &tr, &te);
}

static void test_conll_dict(th_ctx *t) {
    /* Ids are dense and stable across growth; keys are exact byte strings (prefixes differ). */
    conll_dict d;
    char key[32];
    int i, ok = 1;
    conll_dict_init(&d);
    TH_CHECK(t, conll_dict_find(&d, "a", 1) == -1);
    for (i = 0; i < 100000; i++) {
        int n = sprintf(key, "k%d", i);
        if (conll_dict_add(&d, key, (size_t)n) != i) ok = 0;
    }
    TH_CHECK(t, ok && d.n == 100000);
    for (i = 0; i < 100000 && ok; i++) {
        int n = sprintf(key, "k%d", i);
        if (conll_dict_find(&d, key, (size_t)n) != i || conll_dict_add(&d, key, (size_t)n) != i) ok = 0;
        if (strcmp(conll_dict_str(&d, i), key) != 0) ok = 0;
    }
    TH_CHECK(t, ok && d.n == 100000);
    TH_CHECK(t, conll_dict_find(&d, "k1", 1) == -1 && conll_dict_find(&d, "k12x", 4) == -1);
    TH_CHECK(t, conll_dict_add(&d, "", 0) == 100000 && conll_dict_find(&d, "", 0) == 100000);
    TH_CHECK(t, conll_dict_str(&d, -1) == NULL && conll_dict_str(&d, d.n) == NULL);
    conll_dict_free(&d);
}

/* ---- the real data ---- */

/* Load shared/data/conll2000/<name>; 1 on success, 0 after th_skip or a failed check. */
static int tconll_load_real(th_ctx *t, const char *name, conll_corpus *c) {
    const char *sh = th_shared_dir();
    char path[1100], err[512]; /* th_shared_dir's 1,023 bytes and a file name */
    FILE *f;
    conll_corpus_init(c);
    if (!sh) { th_skip(t, "shared data dir not found (set SSVM_SHARED)"); return 0; }
    snprintf(path, sizeof path, "%s/data/conll2000/%s", sh, name);
    f = fopen(path, "rb");
    if (!f) { th_skip(t, "data/conll2000 files missing"); return 0; }
    fclose(f);
    if (conll_load(path, c, err, sizeof err) != 0) { TH_CHECKF(t, 0, "%s", err); return 0; }
    return 1;
}

static void test_conll_real_data(th_ctx *t) {
    conll_corpus tr, te;
    conll_dict attrs, labels;
    conll_features ftr, fte;
    conll_scores sc;
    char err[256];
    int i, unseen = 0, *pred;
    if (!tconll_load_real(t, "train.txt.gz", &tr)) return;
    if (!tconll_load_real(t, "test.txt.gz", &te)) { conll_corpus_free(&tr); return; }
    TH_CHECK(t, tr.n_sent == 8936 && tr.n_tok == 211727);
    TH_CHECK(t, te.n_sent == 2012 && te.n_tok == 47377);
    {   /* writing the 3 columns back reproduces the file: 2,842,164 bytes (README) */
        FILE *mf = tmpfile();
        if (mf) {
            TH_CHECK(t, conll_write(mf, &tr, NULL, NULL) == 0);
            TH_CHECK(t, ftell(mf) == 2842164L);
            fclose(mf);
        }
    }
    conll_dict_init(&attrs);
    conll_dict_init(&labels);
    TH_CHECK(t, conll_featurize(&tr, &attrs, &labels, 1, 1, &ftr, err, sizeof err) == 0);
    TH_CHECK(t, ftr.n_labels == 22);
    TH_CHECKF(t, ftr.n_attr == 338551, "n_attr = %d", ftr.n_attr); /* CRF++ template, min_count 1 */
    TH_CHECK(t, ftr.attr_start[ftr.n_tok] == 19 * 211727);
    TH_CHECK(t, conll_featurize(&te, &attrs, &labels, 0, 1, &fte, err, sizeof err) == 0);
    TH_CHECK(t, attrs.n == 338551 && fte.n_labels == 22);
    for (i = 0; i < fte.n_tok; i++) unseen += fte.label[i] < 0;
    TH_CHECK(t, unseen == 2); /* the two I-LST tokens */
    /* Gold as label ids, the two unseen I-LST replaced by "O" (B-LST I-LST -> B-LST O): test has
     * 23,852 gold chunks (conlleval: "processed 47377 tokens with 23852 phrases"), and the two
     * LST chunks end one token early, so 23,850 are right. */
    pred = (int *)malloc((size_t)te.n_tok * sizeof(int));
    if (pred) {
        int o = conll_dict_find(&labels, "O", 1);
        for (i = 0; i < te.n_tok; i++) pred[i] = fte.label[i] >= 0 ? fte.label[i] : o;
        TH_CHECK(t, conll_score(&te, pred, &labels, &sc) == 0);
        TH_CHECK(t, sc.n_tok == 47377 && sc.found_correct == 23852);
        TH_CHECK(t, sc.correct_tags == 47377 - 2 && sc.found_guessed == 23852 && sc.correct == 23850);
        conll_scores_free(&sc);
        free(pred);
    }
    {   /* strings straight from the corpus: exactly 100 */
        const char **g = (const char **)malloc((size_t)te.n_tok * sizeof(char *));
        if (g) {
            for (i = 0; i < te.n_tok; i++) g[i] = conll_chunk(&te, i);
            TH_CHECK(t, conll_score_tags(te.n_sent, te.sent_start, g, g, &sc) == 0);
            TH_NEAR(t, sc.f1, 100.0, 1e-12);
            TH_NEAR(t, sc.accuracy, 100.0, 1e-12);
            TH_CHECK(t, sc.found_correct == 23852 && sc.correct == 23852 && sc.n_types == 10);
            conll_scores_free(&sc);
            free(g);
        }
    }
    tconll_free_all(&ftr, &fte, &attrs, &labels, &tr, &te);
}

void suite_conll(th_ctx *t) {
    TH_RUN(t, test_conll_score_sentence_end);
    TH_RUN(t, test_conll_score_chunk_at_end);
    TH_RUN(t, test_conll_score_i_without_b);
    TH_RUN(t, test_conll_score_type_change);
    TH_RUN(t, test_conll_score_all_o);
    TH_RUN(t, test_conll_score_all_correct);
    TH_RUN(t, test_conll_score_boundary_error);
    TH_RUN(t, test_conll_score_ioe);
    TH_RUN(t, test_conll_read_missing_column);
    TH_RUN(t, test_conll_read_empty);
    TH_RUN(t, test_conll_read_crlf_blanks);
    TH_RUN(t, test_conll_read_long);
    TH_RUN(t, test_conll_read_gz_quoted_path);
    TH_RUN(t, test_conll_features_template);
    TH_RUN(t, test_conll_unseen_label);
    TH_RUN(t, test_conll_dict);
    TH_RUN(t, test_conll_real_data);
}
