"""The pygame-ce window of `make sim`, run for real on SDL's dummy video driver with scripted
keyboard and mouse events: it must draw the LCD and the buttons, react to keys, and quit."""
import os

import pygame  # pinned in requirements.txt
import pytest

from host_sim import boards, window


@pytest.fixture
def dummy_video(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    yield
    pygame.quit()


def scripted(events_per_frame, frames_seen):
    """Replace pygame's event queue with a script; keep a copy of every flipped frame."""
    script = list(events_per_frame)

    def get():
        return script.pop(0) if script else [pygame.event.Event(pygame.QUIT)]

    def flip():
        frames_seen.append(pygame.display.get_surface().copy())
    return get, flip


def test_window_draws_the_lcd_and_buttons_and_reacts_to_keys(dummy_video, monkeypatch):
    board = boards.load("waveshare_lcd_1_14")
    frames = []
    key = pygame.event.Event
    events = [[], [key(pygame.KEYDOWN, key=pygame.K_RETURN)], [], [], [key(pygame.KEYDOWN, key=pygame.K_DOWN)], [], []]
    get, flip = scripted(events, frames)
    monkeypatch.setattr(pygame.event, "get", get)
    monkeypatch.setattr(pygame.display, "flip", flip)
    assert window.run(board, scale=2) == 0
    assert len(frames) >= len(events)
    (ox, oy), size = window.layout(board, 2)
    first, last = frames[0], frames[-1]
    assert first.get_size() == size
    # the LCD area changed between the title screen and the menu with the cursor moved
    lcd = pygame.Rect(ox, oy, board.WIDTH * 2, board.HEIGHT * 2)
    assert pygame.image.tobytes(first.subsurface(lcd), "RGB") != pygame.image.tobytes(last.subsurface(lcd), "RGB")
    # every button of the board is drawn where the window says it is
    for name, kx, ky in board.SIM_KEYS:
        assert last.get_at((ox + kx * 2, oy + ky * 2))[:3] != (24, 60, 40), name


def test_window_mouse_click_presses_a_drawn_button(dummy_video, monkeypatch):
    board = boards.load("waveshare_lcd_1_3")
    (ox, oy), _ = window.layout(board, 1)
    name, kx, ky = [k for k in board.SIM_KEYS if k[0] == "A"][0]
    frames = []
    ev = pygame.event.Event
    events = [[], [ev(pygame.MOUSEBUTTONDOWN, pos=(ox + kx, oy + ky), button=1)],
              [ev(pygame.MOUSEBUTTONUP, pos=(ox + kx, oy + ky), button=1)], [], []]
    get, flip = scripted(events, frames)
    monkeypatch.setattr(pygame.event, "get", get)
    monkeypatch.setattr(pygame.display, "flip", flip)
    assert window.run(board, scale=1) == 0
    lcd = pygame.Rect(ox, oy, board.WIDTH, board.HEIGHT)
    assert pygame.image.tobytes(frames[0].subsurface(lcd), "RGB") != pygame.image.tobytes(frames[-1].subsurface(lcd), "RGB")


def test_no_display_falls_back_with_a_reason(monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    assert window.unavailable() == "no DISPLAY"
    assert os.environ.get("DISPLAY") is None
