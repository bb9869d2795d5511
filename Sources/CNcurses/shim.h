// ncurses (wide) for Swift: C globals and macros wrapped in static inline functions,
// all prefixed cn_, because Swift 6 rejects C globals as shared mutable state.
#pragma once
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncursesw/curses.h>

static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline int cn_key_resize(void) { return KEY_RESIZE; }
static inline int cn_key_mouse(void) { return KEY_MOUSE; }
static inline int cn_err(void) { return ERR; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_color_pair(int n) { return COLOR_PAIR(n); }
static inline mmask_t cn_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t cn_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cn_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cn_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cn_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }
static inline mmask_t cn_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cn_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline int cn_set_locale(void) { return setlocale(LC_ALL, "") != 0; }

// --- Viewer additions -------------------------------------------------------------------
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static inline mmask_t cn_button1_pressed_mask(void) { return BUTTON1_PRESSED; }
static inline mmask_t cn_mouse_mask_viewer(void) {
    return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON4_PRESSED | BUTTON5_PRESSED | REPORT_MOUSE_POSITION;
}
/// A new screen on stdout/stdin for $TERM; NULL (not exit) when the terminal is unknown.
static inline SCREEN *cn_newterm(void) { return newterm(NULL, stdout, stdin); }
/// Bytes written to `fd` that the terminal has not taken yet (TIOCOUTQ); -1 if unknown.
static inline int cn_output_queue(int fd) {
    int n = 0;
    return ioctl(fd, TIOCOUTQ, &n) == 0 ? n : -1;
}
/// Terminal size of `fd` from the kernel in cells and pixels (pixels 0 when the terminal
/// does not say), or 0 when unknown.
static inline int cn_winsize(int fd, int *rows, int *cols, int *xpixel, int *ypixel) {
    struct winsize w;
    if (ioctl(fd, TIOCGWINSZ, &w) != 0) return 0;
    *rows = w.ws_row; *cols = w.ws_col; *xpixel = w.ws_xpixel; *ypixel = w.ws_ypixel;
    return 1;
}
/// terminfo boolean `name` (e.g. "RGB"): 1 when set, 0 when not, -1 when not a boolean.
static inline int cn_terminfo_flag(const char *name) { return tigetflag(name); }
/// Seconds on the monotonic clock.
static inline double cn_monotonic_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
/// True when the terminal can move the cursor anywhere (terminfo `cup`).
static inline int cn_has_cursor_addressing(void) {
    char *s = tigetstr("cup");
    return s != NULL && s != (char *)-1;
}
/// terminfo `colors`, or -1.
static inline int cn_terminfo_colors(void) { return tigetnum("colors"); }
/// Discards input the terminal sent and the viewer has not read.
static inline int cn_flush_input(int fd) { return tcflush(fd, TCIFLUSH); }
/// The window size the kernel reports for `fd` (TIOCGWINSZ); 0 when it reports none.
static inline int cn_window_size(int fd, int *rows, int *columns) {
    struct winsize w;
    if (ioctl(fd, TIOCGWINSZ, &w) != 0 || w.ws_row == 0 || w.ws_col == 0) return 0;
    *rows = w.ws_row;
    *columns = w.ws_col;
    return 1;
}
