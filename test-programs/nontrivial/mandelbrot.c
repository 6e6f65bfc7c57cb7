#include "wend_twin.h"
static int32_t SCALE, maxIter;
static int32_t fmul(int32_t a, int32_t b) { return wdiv(wmul(a, b), SCALE, 0); }
static int32_t fix(int32_t num, int32_t den) { return wdiv(wmul(num, SCALE), den, 0); }
static void printFixed(int32_t v) {
    int32_t whole = 0, frac = 0;
    if (v < 0) {
        PSTR("-");
        v = wneg(v);
    }
    whole = wdiv(v, SCALE, 0);
    frac = wdiv(wmul(wmod(v, SCALE, 0), 1000), SCALE, 0);
    pint(whole);
    PSTR(".");
    if (frac < 100) PSTR("0");
    if (frac < 10) PSTR("0");
    pint(frac);
}
static int32_t escape(int32_t zx, int32_t zy, int32_t cx, int32_t cy) {
    int32_t i = 0, x2 = 0, y2 = 0;
    while (i < maxIter) {
        x2 = fmul(zx, zx);
        y2 = fmul(zy, zy);
        if (wadd(x2, y2) > wmul(4, SCALE)) return i;
        zy = wadd(wmul(2, fmul(zx, zy)), cy);
        zx = wadd(wsub(x2, y2), cx);
        i = wadd(i, 1);
    }
    return maxIter;
}
static void shade(int32_t n) {
    int32_t k = 0;
    if (n >= maxIter) { PSTR("@"); return; }
    k = wdiv(wmul(n, 9), maxIter, 0);
    if (k == 0) { PSTR(" "); return; }
    if (k == 1) { PSTR("."); return; }
    if (k == 2) { PSTR(":"); return; }
    if (k == 3) { PSTR("-"); return; }
    if (k == 4) { PSTR("="); return; }
    if (k == 5) { PSTR("+"); return; }
    if (k == 6) { PSTR("*"); return; }
    if (k == 7) { PSTR("#"); return; }
    PSTR("%");
}
static void border(int32_t cols) {
    int32_t i = 0;
    PSTR("+");
    while (i < cols) { PSTR("-"); i = wadd(i, 1); }
    PSTRLN("+");
}
static void draw(int32_t cols, int32_t rows, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                 bool julia, int32_t jx, int32_t jy) {
    int32_t r = 0, c = 0, px = 0, py = 0;
    PSTR("x: ");
    printFixed(x0);
    PSTR(" .. ");
    printFixed(x1);
    PSTR(", y: ");
    printFixed(y0);
    PSTR(" .. ");
    printFixed(y1);
    PSTRLN("");
    border(cols);
    while (r < rows) {
        py = wadd(y0, wdiv(wmul(wsub(y1, y0), r), wsub(rows, 1), 0));
        c = 0;
        PSTR("|");
        while (c < cols) {
            px = wadd(x0, wdiv(wmul(wsub(x1, x0), c), wsub(cols, 1), 0));
            if (julia) shade(escape(px, py, jx, jy));
            else shade(escape(0, 0, px, py));
            c = wadd(c, 1);
        }
        PSTRLN("|");
        r = wadd(r, 1);
    }
    border(cols);
}
int main(void) {
    SCALE = 4096;
    maxIter = 40;
    PSTRLN("The Mandelbrot set");
    {
        int32_t a1 = fix(-9, 4), a2 = fix(-5, 4), a3 = fix(3, 4), a4 = fix(5, 4);
        draw(72, 29, a1, a2, a3, a4, false, 0, 0);
    }
    PSTRLN("");
    PSTRLN("A Julia set, c = -0.8 + 0.156i");
    maxIter = 60;
    {
        int32_t a1 = fix(-3, 2), a2 = fix(-1, 1), a3 = fix(3, 2), a4 = fix(1, 1);
        int32_t a5 = fix(-8, 10), a6 = fix(156, 1000);
        draw(64, 25, a1, a2, a3, a4, true, a5, a6);
    }
    return 0;
}
