/* C twin of mandelzoom.wend */
#include "../wend_twin.h"
static int32_t frames, delay, frame, sink, lastFg, lastBg, W, H, S, maxIter;
static void spin(int32_t n) {
    int32_t i = 0;
    while (i < n) {
        sink = wadd(wmul(sink, 31), i);
        i = i + 1;
    }
}
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
static int32_t fmul(int32_t a, int32_t b) {
    int32_t sign = 0, ah = 0, al = 0, bh = 0, bl = 0;
    sign = 1;
    if (a < 0) { a = -a; sign = -sign; }
    if (b < 0) { b = -b; sign = -sign; }
    ah = a / 32768;
    al = a % 32768;
    bh = b / 32768;
    bl = b % 32768;
    return sign * (ah * bh * 64 + (ah * bl + al * bh) / 512 + al * bl / 16777216);
}
static int32_t escape(int32_t cx, int32_t cy) {
    int32_t i = 0, zx = 0, zy = 0, x2 = 0, y2 = 0;
    while (i < maxIter) {
        if (zx > 2 * S || zx < -(2 * S) || zy > 2 * S || zy < -(2 * S)) return i;
        x2 = fmul(zx, zx);
        y2 = fmul(zy, zy);
        if (x2 + y2 > 4 * S) return i;
        zy = 2 * fmul(zx, zy) + cy;
        zx = x2 - y2 + cx;
        i = i + 1;
    }
    return maxIter;
}
static int32_t palette(int32_t k) {
    k = k % 23;
    if (k == 0) return 17;
    if (k == 1) return 18;
    if (k == 2) return 19;
    if (k == 3) return 26;
    if (k == 4) return 33;
    if (k == 5) return 39;
    if (k == 6) return 45;
    if (k == 7) return 87;
    if (k == 8) return 123;
    if (k == 9) return 159;
    if (k == 10) return 195;
    if (k == 11) return 231;
    if (k == 12) return 230;
    if (k == 13) return 229;
    if (k == 14) return 228;
    if (k == 15) return 227;
    if (k == 16) return 220;
    if (k == 17) return 214;
    if (k == 18) return 208;
    if (k == 19) return 166;
    if (k == 20) return 124;
    if (k == 21) return 89;
    return 53;
}
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
static int32_t colour(int32_t n) {
    if (n >= maxIter) return 16;
    return palette(isqrt(n * 24));
}
static void cell(int32_t top, int32_t bot) {
    if (top != lastFg) {
        PSTR("\033[38;5;");
        pint(top);
        PSTR("m");
        lastFg = top;
    }
    if (bot != lastBg) {
        PSTR("\033[48;5;");
        pint(bot);
        PSTR("m");
        lastBg = bot;
    }
    PSTR("\xe2\x96\x80");
}
static int32_t scale(int32_t offset, int32_t step) {
    return offset * (step / 1024) + offset * (step % 1024) / 1024;
}
static void drawFrame(int32_t t) {
    int32_t x = 0, y = 0, k = 0, width = 0, step = 0, cosA = 0, sinA = 0;
    int32_t dx = 0, dy = 0, top = 0, cx = 0, cy = 0;
    width = 3 * S + S / 5;
    k = 0;
    while (k < t % 300) {
        width = width - width / 40;
        k = k + 1;
    }
    step = width / W;
    maxIter = 48 + t % 300;
    cosA = sinT(t * 2 + 256);
    sinA = sinT(t * 2);
    PSTR("\033[H");
    while (y < H) {
        lastFg = -1;
        lastBg = -1;
        x = 0;
        while (x < W) {
            dx = (x - W / 2) * cosA - (y - H / 2) * sinA;
            dy = (x - W / 2) * sinA + (y - H / 2) * cosA;
            cx = -12476274 + scale(dx, step);
            cy = 2211672 + scale(dy, step);
            top = colour(escape(cx, cy));
            dx = (x - W / 2) * cosA - (y + 1 - H / 2) * sinA;
            dy = (x - W / 2) * sinA + (y + 1 - H / 2) * cosA;
            cx = -12476274 + scale(dx, step);
            cy = 2211672 + scale(dy, step);
            cell(top, colour(escape(cx, cy)));
            x = x + 1;
        }
        PSTRLN("\033[0m");
        y = y + 2;
    }
    PSTR(" mandelzoom  frame ");
    pint(t + 1);
    PSTR("/");
    pint(frames);
    PSTR("  width ");
    pint(width);
    PSTR("/2^24  iterations ");
    pint(maxIter);
    PSTR("\033[K");
}
int main(void) {
    frames = 300; // frames
    delay = 20000000; // delay
    W = 80;
    H = 46;
    S = 16777216;
    PSTR("\033[2J\033[?25l");
    while (frame < frames) {
        drawFrame(frame);
        spin(delay);
        frame = frame + 1;
    }
    PSTRLN("\033[0m\033[?25h");
    PSTR("mandelzoom: ");
    pint(frames);
    PSTR(" frames, checksum ");
    pintln(sink);
    return 0;
}
