"""The passing message at the foot of the window (F12's "Screenshot saved") is kept as its
message and arguments, so a language switch while it shows rewords it at once."""

from __future__ import annotations

import pygame

from game.app.window.text import Text
from game.app.window.window import App, LaunchOptions
from game.app.words import i18n

F12 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="", scancode=0)


def rendered(monkeypatch) -> list[str]:
    """Every text `Text.render` is asked for from now on."""
    texts: list[str] = []
    render = Text.render

    def recording(text_self, text, *args, **kwargs):
        texts.append(text)
        return render(text_self, text, *args, **kwargs)

    monkeypatch.setattr(Text, "render", recording)
    return texts


def test_the_screenshot_message_follows_a_language_switch(display, tmp_path, monkeypatch):
    app = App(LaunchOptions(config_dir=tmp_path / "config", data_dir=tmp_path / "data",
                            screenshot_dir=tmp_path / "shots"))
    try:
        texts = rendered(monkeypatch)
        app.step(1 / 60, [F12])
        path = next((tmp_path / "shots").glob("*.png"))
        app.step(1 / 60)
        assert f"Screenshot saved: {path}" in texts
        app.change_settings(app.settings.with_changes(language="ja"))
        texts.clear()
        app.step(1 / 60)
        japanese = i18n._("Screenshot saved: {path}").format(path=path)
        assert japanese != f"Screenshot saved: {path}"
        assert japanese in texts and not any(text.startswith("Screenshot saved") for text in texts)
        app.change_settings(app.settings.with_changes(language="zh_CN"))
        texts.clear()
        app.step(1 / 60)
        assert i18n._("Screenshot saved: {path}").format(path=path) in texts
    finally:
        app.close()


def test_the_screenshot_failure_follows_a_language_switch(display, tmp_path, monkeypatch):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the screenshots folder should be", encoding="utf-8")
    app = App(LaunchOptions(config_dir=tmp_path / "config", data_dir=tmp_path / "data", screenshot_dir=blocked))
    try:
        texts = rendered(monkeypatch)
        app.step(1 / 60, [F12])
        assert any(text.startswith("The screenshot could not be saved (") for text in texts)
        app.change_settings(app.settings.with_changes(language="zh_CN"))
        texts.clear()
        app.step(1 / 60)
        assert any(text.startswith("无法保存截图（") for text in texts)
        assert not any(text.startswith("The screenshot") for text in texts)
    finally:
        app.close()
