#include "wend_twin.h"
/* nested functions get pointers into the activation of their enclosing function */
static int32_t walk(int32_t n);
static void note(int32_t *count, int32_t k) { *count = wadd(*count, k); }
static void recurseFromHelper(int32_t *count, int32_t *n) {
    if (*n > 0) {
        int32_t c = *count; /* left operand first */
        int32_t w = walk(wsub(*n, 1));
        *count = wadd(c, wmul(100, w));
    }
}
static int32_t walk(int32_t n) {
    int32_t count = 0;
    note(&count, n);
    recurseFromHelper(&count, &n);
    note(&count, 1);
    PSTR("walk(");
    pint(n);
    PSTR(") count = ");
    pintln(count);
    return count;
}
static void add(int32_t *total, int32_t *calls, int32_t k) {
    int32_t mine = 0;
    mine = k;
    *calls = wadd(*calls, 1);
    if (k > 0) add(total, calls, wsub(k, 1));
    *total = wadd(*total, mine);
}
static int32_t sumTo(int32_t n) {
    int32_t total = 0, calls = 0;
    add(&total, &calls, n);
    return wadd(wmul(total, 1000), calls);
}
static int32_t tree(int32_t depth);
static void twoLevels(int32_t *leaves, int32_t *depth) {
    int32_t l = *leaves;
    int32_t t1 = tree(wsub(*depth, 1));
    int32_t t2 = tree(wsub(*depth, 1));
    *leaves = wadd(wadd(l, t1), t2);
}
static void visit(int32_t *leaves, int32_t *depth, int32_t d) {
    if (d == 0) *leaves = wadd(*leaves, 1);
    else twoLevels(leaves, depth);
}
static int32_t tree(int32_t depth) {
    int32_t leaves = 0;
    visit(&leaves, &depth, depth);
    return leaves;
}
static int32_t probe(int32_t *mark) { return *mark; }
static int32_t outerVar(int32_t n) {
    int32_t mark = 0;
    mark = wmul(n, 11);
    if (n > 0) outerVar(wsub(n, 1));
    return probe(&mark);
}
int main(void) {
    pintln(walk(3));
    pintln(sumTo(10));
    pintln(tree(0));
    pintln(tree(1));
    pintln(tree(5));
    pintln(outerVar(4));
    return 0;
}
