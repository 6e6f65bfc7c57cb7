/* C twin of accessor_arrays.wend: the same trees, the same calls. */
#include <stdio.h>

static int a0, a1, a2, a3, a4, b0, b1, b2;

static int get(int k) {
    if (k < 2) {
        if (k >= 1) return a1; else return a0;
    } else {
        if (3 > k) return a2;
        else if (k == 3) return a3; else return a4;
    }
}

static void put(int k, int x) {
    if (k <= 1) {
        if (k > 0) a1 = x; else a0 = x;
    } else if (k < 4) {
        if (k < 3) a2 = x; else a3 = x;
    } else {
        a4 = x;
    }
}

static int getb(int k) {
    if (k <= 10) return b0;
    if (k < 12) return b1;
    return b2;
}

static void setb(int k, int x) {
    if (k < 11) b0 = x;
    else if (k >= 12) b2 = x;
    else b1 = x;
}

static void swap(int i, int j) {
    int t = get(i);
    put(i, get(j));
    put(j, t);
}

static void reverse(void) {
    for (int i = 0; i < 2; i++) swap(i, 4 - i);
}

static void show(void) {
    for (int i = -3; i <= 6; i++) printf("%d ", get(i));
    printf("\n");
}

int main(void) {
    for (int k = 0; k < 5; k++) put(k, k * 11 + 1);
    show();
    reverse();
    show();
    put(-100, 7);
    put(100, 9);
    show();
    for (int k = 8; k < 15; k++) setb(k, k * 100);
    int s = 0;
    for (int k = 8; k < 15; k++) {
        printf("%d ", getb(k));
        s = s * 3 + getb(k);
    }
    printf("%d\n", s);
    printf("%d\n", a0 + a1 + a2 + a3 + a4 + b0 + b1 + b2);
    return 0;
}
