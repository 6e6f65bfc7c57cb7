/* C twin of mandelbrot.wend (same output). */
#include "wend_twin.h"
static int32_t width, height, maxiter;

static int32_t iterations(int32_t cx, int32_t cy) {
    int32_t x = 0, y = 0, x2 = 0, y2 = 0, i = 0;
    while (i < maxiter && x2 + y2 <= 16384) {
        y = wdiv(2 * x * y, 4096, 0) + cy;
        x = x2 - y2 + cx;
        x2 = wdiv(x * x, 4096, 0);
        y2 = wdiv(y * y, 4096, 0);
        i = i + 1;
    }
    return i;
}

static int32_t view(int32_t left, int32_t top, int32_t size) {
    int32_t row = 0, col = 0, band = 0, sum = 0;
    while (row < height) {
        col = 0;
        while (col < width) {
            band += iterations(left + wdiv(col * size, width, 0), top + wdiv(row * size, height, 0));
            col = col + 1;
        }
        row = row + 1;
        if (wmod(row, 120, 0) == 0) {
            pint(band);
            PSTR(" ");
            sum += band;
            band = 0;
        }
    }
    PSTRLN("");
    return sum + band;
}

int main(void) {
    int32_t total;
    width = 480;
    height = 360;
    maxiter = 1500;
    total = view(-8192, -6144, 12288);
    total = total + view(-7000, -1000, 2000);
    total = total + view(-3200, 2400, 800);
    PSTR("total ");
    pintln(total);
    return 0;
}
