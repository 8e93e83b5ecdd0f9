#!/usr/bin/env python3
"""Draws a terminal screen captured with `tmux capture-pane -e -p` (text with SGR colour
sequences) as a PNG, cell by cell in a monospace font, the way a terminal would show it.

usage: ansi_to_png.py CAPTURE.txt OUT.png [--columns N] [--rows N] [--cursor X,Y] [--font PATH] [--size PX]

--cursor draws the terminal's cursor (which a capture does not hold) as a block at column X,
row Y, as tmux reports them (`display -p '#{cursor_x},#{cursor_y}'`).

Understands what the picker and tmux emit: reset, bold, dim, italic, underline, reverse, the
16 standard colours, the 256-colour palette and 24-bit colours, for foreground and background.
Wide (CJK) characters take two cells and combining marks none, as in the terminal. Needs
Pillow (scripts/install-deps.sh screenshot installs it and the DejaVu fonts).
"""
import argparse
import re
import unicodedata

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
BACKGROUND = (30, 30, 36)
FOREGROUND = (215, 215, 215)
# xterm's 16 colours.
BASIC = [(0, 0, 0), (205, 49, 49), (13, 188, 121), (229, 229, 16), (36, 114, 200), (188, 63, 188),
         (17, 168, 205), (229, 229, 229), (102, 102, 102), (241, 76, 76), (35, 209, 139), (245, 245, 67),
         (59, 142, 234), (214, 112, 214), (41, 184, 219), (255, 255, 255)]
SGR = re.compile(r"\x1b\[([0-9;:]*)m")


def palette(index):
    """The xterm 256-colour palette."""
    if index < 16:
        return BASIC[index]
    if index < 232:
        index -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return steps[index // 36], steps[(index // 6) % 6], steps[index % 6]
    grey = 8 + (index - 232) * 10
    return grey, grey, grey


class Style:
    def __init__(self):
        self.reset()

    def reset(self):
        self.fg = self.bg = None
        self.bold = self.dim = self.italic = self.underline = self.reverse = False

    def copy(self):
        other = Style()
        other.__dict__.update(self.__dict__)
        return other

    def apply(self, params):
        codes = [int(p) if p.isdigit() else 0 for p in re.split("[;:]", params)] if params else [0]
        i = 0
        while i < len(codes):
            code = codes[i]
            if code == 0:
                self.reset()
            elif code == 1:
                self.bold = True
            elif code == 2:
                self.dim = True
            elif code == 3:
                self.italic = True
            elif code == 4:
                self.underline = True
            elif code == 7:
                self.reverse = True
            elif code == 22:
                self.bold = self.dim = False
            elif code == 23:
                self.italic = False
            elif code == 24:
                self.underline = False
            elif code == 27:
                self.reverse = False
            elif 30 <= code <= 37:
                self.fg = BASIC[code - 30]
            elif 90 <= code <= 97:
                self.fg = BASIC[code - 90 + 8]
            elif 40 <= code <= 47:
                self.bg = BASIC[code - 40]
            elif 100 <= code <= 107:
                self.bg = BASIC[code - 100 + 8]
            elif code == 39:
                self.fg = None
            elif code == 49:
                self.bg = None
            elif code in (38, 48) and i + 1 < len(codes):
                if codes[i + 1] == 5 and i + 2 < len(codes):
                    colour, i = palette(codes[i + 2]), i + 2
                elif codes[i + 1] == 2 and i + 4 < len(codes):
                    colour, i = tuple(codes[i + 2:i + 5]), i + 4
                else:
                    colour = None
                if code == 38:
                    self.fg = colour
                else:
                    self.bg = colour
            i += 1

    def colours(self):
        fg, bg = self.fg or FOREGROUND, self.bg or BACKGROUND
        if self.bold and self.fg in BASIC[:8]:
            fg = BASIC[BASIC.index(self.fg) + 8]
        if self.reverse:
            fg, bg = bg, fg
        if self.dim:
            fg = tuple((c + b) // 2 for c, b in zip(fg, bg))
        return fg, bg


def cells(line):
    """(text, style, width) for every cell of one captured line."""
    style, out, position = Style(), [], 0
    for match in SGR.finditer(line + "\x1b[m"):
        for character in line[position:match.start()]:
            if unicodedata.combining(character) and out:
                text, cell_style, width = out[-1]
                out[-1] = (text + character, cell_style, width)
                continue
            width = 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1
            out.append((character, style.copy(), width))
        style.apply(match.group(1))
        position = match.end()
    return out


def render(capture, columns, rows, font_path, size, cursor=None):
    regular = ImageFont.truetype(font_path, size)
    bold = ImageFont.truetype(font_path.replace(".ttf", "-Bold.ttf"), size)
    ascent, descent = regular.getmetrics()
    cell_w, cell_h = round(regular.getlength("M")), ascent + descent + 2
    pad = cell_w
    image = Image.new("RGB", (columns * cell_w + 2 * pad, rows * cell_h + 2 * pad), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for row, line in enumerate(capture.split("\n")[:rows]):
        column = 0
        for text, style, width in cells(line):
            if column >= columns:
                break
            fg, bg = style.colours()
            x, y = pad + column * cell_w, pad + row * cell_h
            if bg != BACKGROUND:
                draw.rectangle([x, y, x + width * cell_w - 1, y + cell_h - 1], fill=bg)
            if text.strip():
                draw.text((x, y + 1), text, font=bold if style.bold else regular, fill=fg)
            if style.underline:
                draw.line([x, y + cell_h - 2, x + width * cell_w - 1, y + cell_h - 2], fill=fg)
            column += width
    if cursor:
        x, y = pad + cursor[0] * cell_w, pad + cursor[1] * cell_h
        draw.rectangle([x, y + 1, x + cell_w - 1, y + cell_h - 2], fill=FOREGROUND)
    return image


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("capture")
    parser.add_argument("output")
    parser.add_argument("--columns", type=int, default=100)
    parser.add_argument("--rows", type=int, default=30)
    parser.add_argument("--cursor", help="X,Y: where to draw the cursor")
    parser.add_argument("--font", default=FONT_DIR + "DejaVuSansMono.ttf")
    parser.add_argument("--size", type=int, default=15)
    args = parser.parse_args()
    with open(args.capture, encoding="utf-8") as handle:
        capture = handle.read()
    cursor = tuple(int(n) for n in args.cursor.split(",")) if args.cursor else None
    render(capture, args.columns, args.rows, args.font, args.size, cursor).save(args.output, optimize=True)


if __name__ == "__main__":
    main()
