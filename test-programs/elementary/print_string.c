#include "wend_twin.h"
int main(void) {
    PSTRLN("Hello, world!");
    PSTR("no newline, ");
    PSTRLN("then newline");
    PSTRLN("");
    PSTR("");
    PSTRLN("   leading and trailing spaces   ");
    PSTRLN("punctuation: ( ) { } ; , = + - * / % < <= > >= == != && || !");
    PSTRLN("keywords: int bool true false if else while return print println");
    PSTRLN("");
    PSTRLN("");
    PSTR("end");
    PSTRLN("");
    return 0;
}
