#include "wend_twin.h"
static void repeat(int32_t n, bool star) {
    while (n > 0) {
        if (star) PSTR("*"); else PSTR(" ");
        n = wsub(n, 1);
    }
}
static int32_t abs_(int32_t x) {
    if (x < 0) return wneg(x);
    return x;
}
static int32_t min_(int32_t a, int32_t b) {
    if (a < b) return a;
    return b;
}
static void triangle(int32_t h) {
    int32_t row = 0;
    row = 1;
    while (row <= h) {
        repeat(row, true);
        PSTRLN("");
        row = wadd(row, 1);
    }
}
static void pyramid(int32_t h) {
    int32_t row = 0;
    while (row < h) {
        repeat(wsub(wsub(h, row), 1), false);
        repeat(wadd(wmul(2, row), 1), true);
        PSTRLN("");
        row = wadd(row, 1);
    }
}
static void diamond(int32_t r) {
    int32_t y = 0, x = 0;
    y = wneg(r);
    while (y <= r) {
        x = wneg(r);
        while (x <= r) {
            if (wadd(abs_(x), abs_(y)) <= r) {
                if (wadd(abs_(x), abs_(y)) == r) PSTR("#"); else PSTR("+");
            } else PSTR(" ");
            x = wadd(x, 1);
        }
        PSTRLN("");
        y = wadd(y, 1);
    }
}
static void circle(int32_t r) {
    int32_t y = 0, x = 0, d = 0;
    y = wneg(r);
    while (y <= r) {
        x = wmul(wneg(2), r);
        while (x <= wmul(2, r)) {
            d = wadd(wdiv(wmul(x, x), 4, 0), wmul(y, y));
            if (d <= wmul(r, r) && d >= wmul(wsub(r, 1), wsub(r, 1))) PSTR("o");
            else {
                if (d < wmul(wsub(r, 1), wsub(r, 1))) PSTR("."); else PSTR(" ");
            }
            x = wadd(x, 1);
        }
        PSTRLN("");
        y = wadd(y, 1);
    }
}
static void checkerboard(int32_t n, int32_t cell) {
    int32_t y = 0, x = 0;
    while (y < wmul(n, cell)) {
        x = 0;
        while (x < wmul(n, cell)) {
            if (wmod(wadd(wdiv(x, cell, 0), wdiv(y, cell, 0)), 2, 0) == 0) PSTR("##");
            else PSTR("  ");
            x = wadd(x, 1);
        }
        PSTRLN("");
        y = wadd(y, 1);
    }
}
static bool onSpiral(int32_t n, int32_t x, int32_t y) {
    int32_t ring = 0, lo = 0, hi = 0;
    {
        int32_t m1 = min_(x, y);
        int32_t m2 = min_(wsub(wsub(n, 1), x), wsub(wsub(n, 1), y));
        ring = min_(m1, m2);
    }
    lo = ring;
    hi = wsub(wsub(n, 1), ring);
    if (wmod(ring, 2, 0) == 1) return x == wadd(lo, 1) && y == lo && wadd(lo, 1) <= hi;
    if (x == lo && y == wadd(lo, 1) && ring > 0) return false;
    return true;
}
static void spiral(int32_t n) {
    int32_t y = 0, x = 0;
    while (y < n) {
        x = 0;
        while (x < n) {
            if (onSpiral(n, x, y)) PSTR("[]"); else PSTR("  ");
            x = wadd(x, 1);
        }
        PSTRLN("");
        y = wadd(y, 1);
    }
}
static void pad(int32_t v, int32_t width) {
    int32_t digits = 0, t = 0;
    digits = 1;
    t = v;
    while (t >= 10) {
        t = wdiv(t, 10, 0);
        digits = wadd(digits, 1);
    }
    repeat(wsub(width, digits), false);
    pint(v);
}
static void table(int32_t n) {
    int32_t i = 0, j = 0;
    PSTR("   |");
    j = 1;
    while (j <= n) { pad(j, 4); j = wadd(j, 1); }
    PSTRLN("");
    PSTR("---+");
    j = 1;
    while (j <= n) { PSTR("----"); j = wadd(j, 1); }
    PSTRLN("");
    i = 1;
    while (i <= n) {
        pad(i, 2);
        PSTR(" |");
        j = 1;
        while (j <= n) { pad(wmul(i, j), 4); j = wadd(j, 1); }
        PSTRLN("");
        i = wadd(i, 1);
    }
}
int main(void) {
    int32_t size = 0;
    size = 5;
    triangle(size);
    PSTRLN("");
    pyramid(size);
    PSTRLN("");
    diamond(size);
    PSTRLN("");
    circle(8);
    PSTRLN("");
    checkerboard(4, 2);
    PSTRLN("");
    spiral(15);
    PSTRLN("");
    table(9);
    return 0;
}
