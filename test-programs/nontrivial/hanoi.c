#include "wend_twin.h"
static int32_t a, b, c, moves, illegal, disks, k; /* main's locals */
static bool verbose;
static int32_t peg(int32_t p) {
    if (p == 1) return a;
    if (p == 2) return b;
    return c;
}
static void setPeg(int32_t p, int32_t v) {
    if (p == 1) a = v;
    else { if (p == 2) b = v; else c = v; }
}
static void showPeg(int32_t p) {
    int32_t v = 0, rev = 0;
    v = peg(p);
    while (v > 0) {
        rev = wadd(wmul(rev, 10), wmod(v, 10, 0));
        v = wdiv(v, 10, 0);
    }
    PSTR("[");
    while (rev > 0) {
        pint(wmod(rev, 10, 0));
        rev = wdiv(rev, 10, 0);
    }
    PSTR("]");
}
static void moveDisk(int32_t from, int32_t to) {
    int32_t disk = 0, top = 0;
    disk = wmod(peg(from), 10, 0);
    top = wmod(peg(to), 10, 0);
    if (disk == 0 || (top != 0 && top < disk)) illegal = wadd(illegal, 1);
    setPeg(from, wdiv(peg(from), 10, 0));
    setPeg(to, wadd(wmul(peg(to), 10), disk));
    moves = wadd(moves, 1);
    if (verbose) {
        PSTR("move ");
        pint(moves);
        PSTR(": disk ");
        pint(disk);
        PSTR(" from ");
        pint(from);
        PSTR(" to ");
        pint(to);
        PSTR("   ");
        showPeg(1);
        showPeg(2);
        showPeg(3);
        PSTRLN("");
    }
}
static void hanoi(int32_t n, int32_t from, int32_t to, int32_t via) {
    if (n == 0) return;
    hanoi(wsub(n, 1), from, via, to);
    moveDisk(from, to);
    hanoi(wsub(n, 1), via, to, from);
}
static int32_t count(int32_t n) {
    if (n == 0) return 0;
    return wadd(wmul(2, count(wsub(n, 1))), 1);
}
static void setup(int32_t n) {
    int32_t d = 0;
    a = 0;
    b = 0;
    c = 0;
    d = n;
    while (d > 0) {
        a = wadd(wmul(a, 10), d);
        d = wsub(d, 1);
    }
    moves = 0;
    illegal = 0;
    disks = n;
}
int main(void) {
    verbose = true;
    setup(3);
    showPeg(1);
    showPeg(2);
    showPeg(3);
    PSTRLN("");
    hanoi(3, 1, 3, 2);
    PSTRLN("");
    setup(4);
    hanoi(4, 1, 2, 3);
    verbose = false;
    k = 1;
    while (k <= 9) {
        setup(k);
        hanoi(k, 1, 3, 2);
        pint(k);
        PSTR(" disks: ");
        pint(moves);
        PSTR(" moves (formula ");
        pint(count(k));
        PSTR("), illegal: ");
        pint(illegal);
        PSTR(", pegs: ");
        pint(a);
        PSTR(" ");
        pint(b);
        PSTR(" ");
        pintln(c);
        k = wadd(k, 1);
    }
    k = 10;
    while (k <= 31) {
        pint(count(k));
        PSTR(" ");
        k = wadd(k, 3);
    }
    PSTRLN("");
    (void)disks;
    return 0;
}
