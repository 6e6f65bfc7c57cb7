/* C twin of raytrace.wend */
#include "../wend_twin.h"
static int32_t frames, delay, frame, sink, lastFg, lastBg, W, H, T;
static int32_t cr, cg, cb, sx, sy, sz, lx, ly, lz;
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
static int32_t clamp(int32_t v) {
    if (v < 0) return 0;
    if (v > 255) return 255;
    return v;
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
static void sky(int32_t dx, int32_t dy, int32_t dz) {
    int32_t sun = 0;
    cr = 170 - dy * 140 / 1024;
    cg = 200 - dy * 130 / 1024;
    cb = 250 - dy * 70 / 1024;
    sun = (dx * lx + dy * ly + dz * lz) / 1024;
    if (sun > 900) {
        sun = (sun - 900) * 2;
        cr = clamp(cr + sun);
        cg = clamp(cg + sun);
        cb = clamp(cb + sun * 3 / 4);
    }
}
static int32_t sunlight(int32_t qx, int32_t qz) {
    int32_t ox = 0, oy = 0, oz = 0, b = 0, d2 = 0;
    ox = qx - sx;
    oy = -sy;
    oz = qz - sz;
    b = (ox * lx + oy * ly + oz * lz) / 1024;
    if (b >= 0) return 1024;
    d2 = (ox * ox + oy * oy + oz * oz) / 1024 - b * b / 1024;
    if (d2 <= 600) return 300;
    if (d2 >= 1400) return 1024;
    return 300 + (d2 - 600) * 724 / 800;
}
static void floorOrSky(int32_t ox, int32_t oy, int32_t oz, int32_t dx, int32_t dy, int32_t dz) {
    int32_t tf = 0, qx = 0, qz = 0, light = 0, fog = 0;
    if (dy >= 0) {
        sky(dx, dy, dz);
        return;
    }
    tf = oy * 1024 / -dy;
    if (tf > 40960) {
        sky(dx, 0, dz);
        return;
    }
    qx = ox + dx * tf / 1024;
    qz = oz + dz * tf / 1024;
    light = 1024;
    if (tf < 16384) light = sunlight(qx, qz);
    if (((qx + 1048576) / 1024 + (qz + T * 40 + 1048576) / 1024) % 2 == 0) {
        cr = 235;
        cg = 230;
        cb = 215;
    } else {
        cr = 30;
        cg = 90;
        cb = 120;
    }
    cr = cr * light / 1024;
    cg = cg * light / 1024;
    cb = cb * light / 1024;
    fog = tf / 40;
    cr = (cr * (1024 - fog) + 170 * fog) / 1024;
    cg = (cg * (1024 - fog) + 200 * fog) / 1024;
    cb = (cb * (1024 - fog) + 250 * fog) / 1024;
}
static void trace(int32_t dx, int32_t dy, int32_t dz) {
    int32_t ox = 0, oy = 0, oz = 0, b = 0, c = 0, disc = 0, t = 0, nx = 0, ny = 0, nz = 0;
    int32_t dn = 0, rx = 0, ry = 0, rz = 0, diff = 0, spec = 0, k = 0;
    ox = -sx;
    oy = 2560 - sy;
    oz = -sz;
    b = (ox * dx + oy * dy + oz * dz) / 1024;
    c = (ox * ox + oy * oy + oz * oz) / 1024 - 1024;
    disc = b * b / 1024 - c;
    if (disc <= 0 || b >= 0) {
        floorOrSky(0, 2560, 0, dx, dy, dz);
        return;
    }
    t = -b - isqrt(disc * 1024);
    nx = dx * t / 1024 - sx;
    ny = 2560 + dy * t / 1024 - sy;
    nz = dz * t / 1024 - sz;
    diff = (nx * lx + ny * ly + nz * lz) / 1024;
    if (diff < 0) diff = 0;
    dn = (dx * nx + dy * ny + dz * nz) / 1024;
    rx = dx - 2 * dn * nx / 1024;
    ry = dy - 2 * dn * ny / 1024;
    rz = dz - 2 * dn * nz / 1024;
    spec = (rx * lx + ry * ly + rz * lz) / 1024;
    if (spec < 0) spec = 0;
    k = 0;
    while (k < 5) {
        spec = spec * spec / 1024;
        k = k + 1;
    }
    floorOrSky(sx + nx, sy + ny, sz + nz, rx, ry, rz);
    cr = clamp((230 * (240 + diff * 784 / 1024) / 1024 * 650 + cr * 350) / 1024 + spec / 4);
    cg = clamp((40 * (240 + diff * 784 / 1024) / 1024 * 650 + cg * 350) / 1024 + spec / 4);
    cb = clamp((45 * (240 + diff * 784 / 1024) / 1024 * 650 + cb * 350) / 1024 + spec / 4);
}
static int32_t pixel(int32_t x, int32_t y) {
    int32_t u = 0, v = 0, len = 0;
    u = (x * 2 - W + 1) * 15 / 2;
    v = (H - 1 - y * 2) * 15 / 2 - 300;
    len = isqrt(u * u + v * v + 1048576);
    trace(u * 1024 / len, v * 1024 / len, 1048576 / len);
    return cr * 65536 + cg * 256 + cb;
}
static void drawFrame(int32_t t) {
    int32_t x = 0, y = 0, bounce = 0;
    T = t;
    sx = sinT(t * 3) * 1800 / 1024;
    sz = 6144 + cosT(t * 3) * 1200 / 1024;
    bounce = sinT(t * 9);
    if (bounce < 0) bounce = -bounce;
    sy = 1024 + bounce * 1300 / 1024;
    lx = sinT(t * 2) * 700 / 1024;
    ly = 768;
    lz = cosT(t * 2) * 250 / 1024 - 500;
    y = isqrt(lx * lx + ly * ly + lz * lz);
    lx = lx * 1024 / y;
    ly = ly * 1024 / y;
    lz = lz * 1024 / y;
    PSTR("\033[H");
    y = 0;
    while (y < H) {
        lastFg = -1;
        lastBg = -1;
        x = 0;
        while (x < W) {
            int32_t top = pixel(x, y);
            int32_t bot = pixel(x, y + 1);
            cell(top, bot);
            x = x + 1;
        }
        PSTRLN("\033[0m");
        y = y + 2;
    }
    PSTR(" raytrace  frame ");
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
    PSTR("raytrace: ");
    pint(frames);
    PSTR(" frames, checksum ");
    pintln(sink);
    return 0;
}
