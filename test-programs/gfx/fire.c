/* C twin of fire.wend */
#include "../wend_twin.h"
static int32_t frames, delay, frame, sink, lastFg, lastBg, W, H;
static void spin(int32_t n) {
    int32_t i = 0;
    while (i < n) {
        sink = wadd(wmul(sink, 31), i);
        i = i + 1;
    }
}
static int32_t hash(int32_t x, int32_t y) {
    int32_t h = 0;
    h = wadd(wmul(x, 374761393), wmul(y, 668265263));
    h = wmul(wadd(h / 8192, h), 1274126177);
    h = wmul(wadd(h / 65536, h), 668265263);
    h = h / 65536 % 256;
    if (h < 0) h = -h;
    return h;
}
static int32_t fade(int32_t f) { return f * f * (768 - 2 * f) / 65536; }
static int32_t noise(int32_t x, int32_t y) {
    int32_t ix = 0, iy = 0, fx = 0, fy = 0, a = 0, b = 0;
    ix = x / 256;
    iy = y / 256;
    fx = fade(x % 256);
    fy = fade(y % 256);
    a = hash(ix, iy) * 256 + (hash(ix + 1, iy) - hash(ix, iy)) * fx;
    b = hash(ix, iy + 1) * 256 + (hash(ix + 1, iy + 1) - hash(ix, iy + 1)) * fx;
    return (a * 256 + (b - a) * fy) / 65536;
}
static int32_t heat(int32_t x, int32_t y, int32_t t) {
    int32_t n = 0, wx = 0, rise = 0, h = 0;
    wx = x * 64 + 8192 + (noise(t * 6 + 4096, y * 24 + 8192) - 128) * (46 - y) / 8;
    n = noise(wx, y * 64 + t * 40 + 40000) * 5;
    n = n + noise(wx * 2 + 1000, y * 128 + t * 110 + 40000) * 2;
    n = n + noise(wx * 4 + 3000, y * 256 + t * 260 + 40000);
    n = n / 8;
    rise = y * 256 / (H - 1);
    h = n * (rise + 112) / 256 + rise * 3 / 4 - 135;
    if (x < 12) h = h - (12 - x) * 6;
    if (x > 67) h = h - (x - 67) * 6;
    if (h < 0) return 0;
    if (h > 255) return 255;
    return h;
}
static int32_t colour(int32_t h) {
    int32_t k = h / 16;
    if (k == 0) return 16;
    if (k == 1) return 52;
    if (k == 2) return 88;
    if (k == 3) return 124;
    if (k == 4) return 160;
    if (k == 5) return 196;
    if (k == 6) return 202;
    if (k == 7) return 208;
    if (k == 8) return 214;
    if (k == 9) return 220;
    if (k == 10) return 226;
    if (k == 11) return 227;
    if (k == 12) return 228;
    if (k == 13) return 229;
    if (k == 14) return 230;
    return 231;
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
static void drawFrame(int32_t t) {
    int32_t x = 0, y = 0;
    PSTR("\033[H");
    while (y < H) {
        lastFg = -1;
        lastBg = -1;
        x = 0;
        while (x < W) {
            int32_t top = colour(heat(x, y, t));
            int32_t bot = colour(heat(x, y + 1, t));
            cell(top, bot);
            x = x + 1;
        }
        PSTRLN("\033[0m");
        y = y + 2;
    }
    PSTR(" fire  frame ");
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
    PSTR("fire: ");
    pint(frames);
    PSTR(" frames, checksum ");
    pintln(sink);
    return 0;
}
