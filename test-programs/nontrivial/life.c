#include "wend_twin.h"
static int32_t r0, r1, r2, r3, r4, r5, r6, r7; /* main's locals */
static int32_t n0, n1, n2, n3, n4, n5, n6, n7;
static int32_t W, H, gen, seed;
static int32_t pow2(int32_t k) {
    int32_t p = 0;
    p = 1;
    while (k > 0) {
        p = wmul(p, 2);
        k = wsub(k, 1);
    }
    return p;
}
static int32_t row(int32_t y) {
    y = wmod(wadd(wmod(y, H, 0), H), H, 0);
    if (y == 0) return r0;
    if (y == 1) return r1;
    if (y == 2) return r2;
    if (y == 3) return r3;
    if (y == 4) return r4;
    if (y == 5) return r5;
    if (y == 6) return r6;
    return r7;
}
static void setRow(int32_t y, int32_t v) {
    if (y == 0) r0 = v;
    if (y == 1) r1 = v;
    if (y == 2) r2 = v;
    if (y == 3) r3 = v;
    if (y == 4) r4 = v;
    if (y == 5) r5 = v;
    if (y == 6) r6 = v;
    if (y == 7) r7 = v;
}
static void setNext(int32_t y, int32_t v) {
    if (y == 0) n0 = v;
    if (y == 1) n1 = v;
    if (y == 2) n2 = v;
    if (y == 3) n3 = v;
    if (y == 4) n4 = v;
    if (y == 5) n5 = v;
    if (y == 6) n6 = v;
    if (y == 7) n7 = v;
}
static int32_t cell(int32_t x, int32_t y) {
    x = wmod(wadd(wmod(x, W, 0), W), W, 0);
    int32_t rv = row(y);
    return wmod(wdiv(rv, pow2(x), 0), 2, 0);
}
static void birth(int32_t x, int32_t y) {
    if (cell(x, y) == 0) {
        int32_t rv = row(y);
        setRow(y, wadd(rv, pow2(x)));
    }
}
static void clear(void) {
    int32_t y = 0;
    while (y < H) {
        setRow(y, 0);
        y = wadd(y, 1);
    }
}
static int32_t neighbours(int32_t x, int32_t y) {
    int32_t s = cell(wsub(x, 1), wsub(y, 1));
    s = wadd(s, cell(x, wsub(y, 1)));
    s = wadd(s, cell(wadd(x, 1), wsub(y, 1)));
    s = wadd(s, cell(wsub(x, 1), y));
    s = wadd(s, cell(wadd(x, 1), y));
    s = wadd(s, cell(wsub(x, 1), wadd(y, 1)));
    s = wadd(s, cell(x, wadd(y, 1)));
    s = wadd(s, cell(wadd(x, 1), wadd(y, 1)));
    return s;
}
static void step(void) {
    int32_t y = 0, x = 0, v = 0, k = 0;
    while (y < H) {
        v = 0;
        x = 0;
        while (x < W) {
            k = neighbours(x, y);
            if (k == 3 || (cell(x, y) == 1 && k == 2)) v = wadd(v, pow2(x));
            x = wadd(x, 1);
        }
        setNext(y, v);
        y = wadd(y, 1);
    }
    r0 = n0; r1 = n1; r2 = n2; r3 = n3;
    r4 = n4; r5 = n5; r6 = n6; r7 = n7;
    gen = wadd(gen, 1);
}
static int32_t population(void) {
    int32_t y = 0, x = 0, p = 0;
    while (y < H) {
        x = 0;
        while (x < W) {
            p = wadd(p, cell(x, y));
            x = wadd(x, 1);
        }
        y = wadd(y, 1);
    }
    return p;
}
static void show(void) {
    int32_t y = 0, x = 0;
    PSTR("generation ");
    pint(gen);
    PSTR(", population ");
    pintln(population());
    while (y < H) {
        x = 0;
        while (x < W) {
            if (cell(x, y) == 1) PSTR("#"); else PSTR(".");
            x = wadd(x, 1);
        }
        PSTR("   row value ");
        pintln(row(y));
        y = wadd(y, 1);
    }
}
static int32_t random_(int32_t bound) {
    int32_t r = 0;
    seed = wadd(wmul(seed, 1103515245), 12345);
    r = wmod(wdiv(seed, 65536, 0), 32768, 0);
    if (r < 0) r = wneg(r);
    return wmod(r, bound, 0);
}
int main(void) {
    W = 10;
    H = 8;
    birth(1, 0);
    birth(2, 1);
    birth(0, 2);
    birth(1, 2);
    birth(2, 2);
    birth(7, 5);
    birth(7, 6);
    birth(7, 7);
    show();
    while (gen < 4) {
        step();
        show();
    }
    while (gen < 40) step();
    PSTRLN("after 40 generations:");
    show();
    PSTRLN("");
    clear();
    gen = 0;
    seed = 2024;
    while (population() < 28) {
        int32_t x = random_(W);
        int32_t y = random_(H);
        birth(x, y);
    }
    show();
    while (gen < 30) {
        step();
        pint(population());
        PSTR(" ");
    }
    PSTRLN("");
    show();
    return 0;
}
