#include "wend_twin.h"
static int32_t n, solutions, first, nodes; /* main's locals */
static bool safe(int32_t placed, int32_t row, int32_t col) {
    int32_t dist = 0, c = 0;
    dist = 1;
    while (dist <= row) {
        c = wsub(wmod(placed, 10, 0), 1);
        if (c == col || wsub(c, col) == dist || wsub(col, c) == dist) return false;
        placed = wdiv(placed, 10, 0);
        dist = wadd(dist, 1);
    }
    return true;
}
static void solve(int32_t row, int32_t placed) {
    int32_t col = 0;
    nodes = wadd(nodes, 1);
    if (row == n) {
        solutions = wadd(solutions, 1);
        if (solutions == 1) first = placed;
        return;
    }
    while (col < n) {
        if (safe(placed, row, col)) solve(wadd(row, 1), wadd(wadd(wmul(placed, 10), col), 1));
        col = wadd(col, 1);
    }
}
static int32_t columnOf(int32_t board, int32_t row) {
    int32_t k = 0;
    k = wsub(wsub(n, 1), row);
    while (k > 0) {
        board = wdiv(board, 10, 0);
        k = wsub(k, 1);
    }
    return wsub(wmod(board, 10, 0), 1);
}
static void showBoard(int32_t board) {
    int32_t row = 0, col = 0, q = 0;
    while (row < n) {
        q = columnOf(board, row);
        col = 0;
        while (col < n) {
            if (col == q) PSTR(" Q");
            else {
                if (wmod(wadd(row, col), 2, 0) == 0) PSTR(" .");
                else PSTR(" :");
            }
            col = wadd(col, 1);
        }
        PSTRLN("");
        row = wadd(row, 1);
    }
}
static bool valid(int32_t board) {
    int32_t r1 = 0, r2 = 0, c1 = 0, c2 = 0;
    while (r1 < n) {
        r2 = wadd(r1, 1);
        while (r2 < n) {
            c1 = columnOf(board, r1);
            c2 = columnOf(board, r2);
            if (c1 == c2 || wsub(r2, r1) == wsub(c2, c1) || wsub(r2, r1) == wsub(c1, c2)) return false;
            r2 = wadd(r2, 1);
        }
        r1 = wadd(r1, 1);
    }
    return true;
}
int main(void) {
    n = 1;
    while (n <= 8) {
        solutions = 0;
        first = 0;
        nodes = 0;
        solve(0, 0);
        pint(n);
        PSTR(" queens: ");
        pint(solutions);
        PSTR(" solutions, ");
        pint(nodes);
        PSTR(" nodes");
        if (solutions > 0) {
            PSTR(", first = ");
            pint(first);
            PSTR(", valid: ");
            pbool(valid(first));
        }
        PSTRLN("");
        n = wadd(n, 1);
    }
    n = 8;
    solutions = 0;
    solve(0, 0);
    PSTRLN("");
    PSTRLN("first solution for 8 queens:");
    showBoard(first);
    n = 6;
    solutions = 0;
    solve(0, 0);
    PSTRLN("");
    PSTRLN("first solution for 6 queens:");
    showBoard(first);
    return 0;
}
