#!/usr/bin/env python3
"""Screenshot of the live viewer for the README: runs `orbit` in tmux, sends keys, reads
the pane with colours (capture-pane -e), lays it out with pyte and draws it as a terminal
would (DejaVu Sans Mono, half blocks as exact rectangles).

Usage: scripts/screenshot.py ORBIT OUT.png [--size 100x30] [--keys "Right Right"] [--args "..."]
Needs: tmux, python3 with pyte and pillow (pip install pyte pillow).
"""
import argparse, os, subprocess, sys, tempfile, time
import pyte
from PIL import Image, ImageDraw, ImageFont

ANSI = {"black": (0, 0, 0), "red": (205, 0, 0), "green": (0, 205, 0), "brown": (205, 205, 0),
        "blue": (0, 0, 238), "magenta": (205, 0, 205), "cyan": (0, 205, 205), "white": (229, 229, 229)}

def colour(name, default):
    if name == "default":
        return default
    if name in ANSI:
        return ANSI[name]
    if len(name) == 6:
        return tuple(int(name[i:i + 2], 16) for i in (0, 2, 4))
    return default

def main():
    p = argparse.ArgumentParser()
    p.add_argument("orbit"); p.add_argument("out")
    p.add_argument("--size", default="100x30"); p.add_argument("--keys", default="")
    p.add_argument("--args", default=""); p.add_argument("--wait", type=float, default=2.0)
    a = p.parse_args()
    cols, rows = map(int, a.size.split("x"))
    sock = f"shot{os.getpid()}"
    conf = tempfile.NamedTemporaryFile("w", suffix=".conf", delete=False)
    conf.write("set -g status off\nset -g default-terminal xterm-256color\n"); conf.close()
    tmux = ["tmux", "-L", sock, "-f", conf.name]
    cmd = f"env COLORTERM=truecolor LANG=C.UTF-8 {a.orbit} {a.args}"
    subprocess.run(tmux + ["-u", "new-session", "-d", "-x", str(cols), "-y", str(rows), cmd], check=True)
    try:
        time.sleep(a.wait)
        for k in a.keys.split():
            subprocess.run(tmux + ["send-keys", k], check=True)
            time.sleep(0.4)
        time.sleep(1.0)
        text = subprocess.run(tmux + ["capture-pane", "-p", "-e"], check=True, capture_output=True).stdout.decode()
    finally:
        subprocess.run(tmux + ["kill-server"], capture_output=True)
        os.unlink(conf.name)
    screen = pyte.Screen(cols, rows)
    stream = pyte.Stream(screen)
    stream.feed(text.rstrip("\n").replace("\n", "\r\n"))
    cw, ch = 8, 16
    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", 13)
    img = Image.new("RGB", (cols * cw, rows * ch), (0, 0, 0))
    d = ImageDraw.Draw(img)
    for y in range(rows):
        for x in range(cols):
            c = screen.buffer[y][x]
            fg, bg = colour(c.fg, (229, 229, 229)), colour(c.bg, (0, 0, 0))
            if c.reverse:
                fg, bg = bg, fg
            x0, y0 = x * cw, y * ch
            d.rectangle([x0, y0, x0 + cw - 1, y0 + ch - 1], fill=bg)
            if c.data == "\u2580":
                d.rectangle([x0, y0, x0 + cw - 1, y0 + ch // 2 - 1], fill=fg)
            elif c.data == "\u2584":
                d.rectangle([x0, y0 + ch // 2, x0 + cw - 1, y0 + ch - 1], fill=fg)
            elif c.data == "\u2588":
                d.rectangle([x0, y0, x0 + cw - 1, y0 + ch - 1], fill=fg)
            elif c.data.strip():
                d.text((x0, y0 + 1), c.data, font=font, fill=fg)
    img.save(a.out)
    print(f"screenshot: wrote {a.out} ({cols}x{rows} cells)")

if __name__ == "__main__":
    sys.exit(main())
