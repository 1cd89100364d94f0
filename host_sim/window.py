"""The console in a pygame-ce window: the LCD at an integer scale inside a drawing of the
board and its buttons, the keyboard mapping written under it; click the drawn buttons with
the mouse or use the keys."""
import os
import sys
import time

from host_sim.console import Console

KEYMAP_TEXT = "arrows = d-pad   A/Enter = A   B/Esc/Backspace = B   X = X   Y = Y   Q = quit"
KEY_RADIUS = 13   # drawn button radius, in panel pixels


def unavailable():
    """Why no window can open (None when one can): no pygame, or no display to show it on."""
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return "SDL_VIDEODRIVER=%s" % os.environ["SDL_VIDEODRIVER"]
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return "no DISPLAY"
    try:
        import pygame  # noqa: F401
    except ImportError:
        return "pygame-ce is not installed (make sim installs it)"
    return None


def layout(board, scale):
    """(origin of the panel in the window, window size): room around the panel for the keys."""
    xs = [0, board.WIDTH] + [k[1] - KEY_RADIUS - 4 for k in board.SIM_KEYS] + [k[1] + KEY_RADIUS + 4 for k in board.SIM_KEYS]
    ys = [0, board.HEIGHT] + [k[2] - KEY_RADIUS - 4 for k in board.SIM_KEYS] + [k[2] + KEY_RADIUS + 4 for k in board.SIM_KEYS]
    pad = 12
    ox = (pad - min(xs)) * scale
    oy = (pad - min(ys)) * scale
    w = (max(xs) - min(xs) + 2 * pad) * scale
    h = (max(ys) - min(ys) + 2 * pad) * scale + 28
    return (ox, oy), (max(w, 640), h)


def run(board, flash=None, keys="", scale=0):
    import pygame
    con = Console(board, root=flash)
    con.keys(keys)
    b = con.board
    pygame.init()
    info = pygame.display.Info()
    if not scale:
        scale = 1
        while True:
            _, (w, h) = layout(b, scale + 1)
            if w > info.current_w * 0.9 or h > info.current_h * 0.85 or scale >= 4:
                break
            scale += 1
    (ox, oy), size = layout(b, scale)
    screen = pygame.display.set_mode(size)
    pygame.display.set_caption("meeple - %s (%dx%d, x%d)" % (b.NAME, b.WIDTH, b.HEIGHT, scale))
    font = pygame.font.Font(None, 20)
    keys_by_name = {}
    for name, kx, ky in b.SIM_KEYS:
        keys_by_name[name] = (ox + kx * scale, oy + ky * scale)
    pk = {pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left", pygame.K_RIGHT: "right",
          pygame.K_a: "A", pygame.K_RETURN: "A", pygame.K_b: "B", pygame.K_ESCAPE: "B",
          pygame.K_BACKSPACE: "B", pygame.K_x: "X", pygame.K_y: "Y"}
    clock = pygame.time.Clock()
    lcd = pygame.Surface((b.WIDTH, b.HEIGHT))
    shown = -1
    last = time.monotonic()
    mouse_key = None
    while True:
        tapped = 0
        for e in pygame.event.get():
            if e.type == pygame.QUIT or (e.type == pygame.KEYDOWN and e.key == pygame.K_q):
                pygame.quit()
                return 0
            if e.type == pygame.KEYDOWN and e.key in pk:
                tapped |= con.bit_or_zero(pk[e.key])
            if e.type == pygame.MOUSEBUTTONDOWN:
                for name, (cx, cy) in keys_by_name.items():
                    if (e.pos[0] - cx) ** 2 + (e.pos[1] - cy) ** 2 <= (KEY_RADIUS * scale) ** 2:
                        mouse_key = name
                        tapped |= con.bit_or_zero(name)
            if e.type == pygame.MOUSEBUTTONUP:
                mouse_key = None
        pressed = pygame.key.get_pressed()
        held = 0
        for k, name in pk.items():
            if pressed[k]:
                held |= con.bit_or_zero(name)
        if mouse_key:
            held |= con.bit_or_zero(mouse_key)
        now = time.monotonic()
        con.now += max(1, int((now - last) * 1000))
        last = now
        con.poll(held, tapped)
        if con.panel.frame_count != shown:
            shown = con.panel.frame_count
            rows = con.panel.rgb_rows()
            lcd = pygame.image.frombuffer(b"".join(rows), (b.WIDTH, b.HEIGHT), "RGB")
        screen.fill((24, 60, 40))   # the board's PCB
        pygame.draw.rect(screen, (10, 10, 10), (ox - 6 * scale, oy - 6 * scale,
                                                (b.WIDTH + 12) * scale, (b.HEIGHT + 12) * scale))
        screen.blit(pygame.transform.scale(lcd, (b.WIDTH * scale, b.HEIGHT * scale)), (ox, oy))
        for name, (cx, cy) in keys_by_name.items():
            down = held & con.bit_or_zero(name)
            pygame.draw.circle(screen, (200, 200, 200) if down else (60, 60, 60), (cx, cy), KEY_RADIUS * scale)
            pygame.draw.circle(screen, (0, 0, 0), (cx, cy), KEY_RADIUS * scale, 2)
            label = font.render(name, True, (255, 255, 255) if not down else (0, 0, 0))
            screen.blit(label, label.get_rect(center=(cx, cy)))
        legend = font.render(KEYMAP_TEXT + "   |  mouse: click the buttons", True, (230, 230, 200))
        screen.blit(legend, (8, size[1] - 22))
        pygame.display.flip()
        clock.tick(100)
