/* C twin of plasma.wend */
#include "../wend_twin.h"
static int32_t frames, delay, frame, sink, lastFg, lastBg, W, H, cx, cy;
static int32_t sinT(int32_t a) {
    int32_t p = 0;
    a = a % 1024;
    if (a < 0) a = a + 1024;
    if (a < 512) {
        p = a * (512 - a);
        return 4096 * p / (327680 - p);
    }
    a = a - 512;
    p = a * (512 - a);
    return -(4096 * p / (327680 - p));
}
static int32_t cosT(int32_t a) { return sinT(a + 256); }
static int32_t isqrt(int32_t n) {
    int32_t r = 0, b = 0;
    b = 1073741824;
    while (b > n) b = b / 4;
    while (b != 0) {
        if (n >= r + b) {
            n = n - r - b;
            r = r / 2 + b;
        } else {
            r = r / 2;
        }
        b = b / 4;
    }
    return r;
}
static void spin(int32_t n) {
    int32_t i = 0;
    while (i < n) {
        sink = wadd(wmul(sink, 31), i);
        i = i + 1;
    }
}
static void printRgb(int32_t c) {
    pint(c / 65536);
    PSTR(";");
    pint(c / 256 % 256);
    PSTR(";");
    pint(c % 256);
}
static void cell(int32_t top, int32_t bot) {
    if (top != lastFg || bot != lastBg) {
        PSTR("\033[");
        if (top != lastFg) {
            PSTR("38;2;");
            printRgb(top);
            lastFg = top;
            if (bot != lastBg) PSTR(";");
        }
        if (bot != lastBg) {
            PSTR("48;2;");
            printRgb(bot);
            lastBg = bot;
        }
        PSTR("m");
    }
    PSTR("\xe2\x96\x80");
}
static int32_t plasma(int32_t x, int32_t y, int32_t t) {
    int32_t v = 0, dx = 0, dy = 0, a = 0, r = 0, g = 0, b = 0, k = 0;
    v = sinT(x * 19 + t * 7);
    v = v + sinT(y * 23 - t * 5);
    v = v + sinT((x - y) * 9 + t * 3);
    dx = x * 16 - cx;
    dy = y * 16 - cy;
    v = v + cosT(isqrt(dx * dx + dy * dy) * 5 / 2 - t * 11);
    a = v / 4 + t * 4;
        k = 640 + sinT(v / 3 - t * 6) * 384 / 1024;
    r = (128 + sinT(a) * 127 / 1024) * k / 1024;
    g = (128 + sinT(a + 341) * 127 / 1024) * k / 1024;
    b = (128 + sinT(a + 683) * 127 / 1024) * k / 1024;
    return r * 65536 + g * 256 + b;
}
static void drawFrame(int32_t t) {
    int32_t x = 0, y = 0;
    cx = (40 + 30 * sinT(t * 3) / 1024) * 16;
    cy = (23 + 18 * cosT(t * 4) / 1024) * 16;
    PSTR("\033[H");
    y = 0;
    while (y < H) {
        lastFg = -1;
        lastBg = -1;
        x = 0;
        while (x < W) {
            int32_t top = plasma(x, y, t);
            int32_t bot = plasma(x, y + 1, t);
            cell(top, bot);
            x = x + 1;
        }
        PSTRLN("\033[0m");
        y = y + 2;
    }
    PSTR(" plasma  frame ");
    pint(t + 1);
    PSTR("/");
    pint(frames);
    PSTR("\033[K");
}
int main(void) {
    frames = 300; // frames
    delay = 25000000; // delay
    W = 80;
    H = 46;
    PSTR("\033[2J\033[?25l");
    while (frame < frames) {
        drawFrame(frame);
        spin(delay);
        frame = frame + 1;
    }
    PSTRLN("\033[0m\033[?25h");
    PSTR("plasma: ");
    pint(frames);
    PSTR(" frames, checksum ");
    pintln(sink);
    return 0;
}
