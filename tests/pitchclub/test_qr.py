"""A link's QR code is drawn once per process and named anew on every page."""

import segno

from pitchclub import qr


def test_a_links_code_is_drawn_once_and_each_page_names_it(monkeypatch) -> None:
    drawn: list[str] = []
    make = segno.make

    def counted(content: str, **options: object) -> segno.QRCode:
        drawn.append(content)
        return make(content, **options)

    qr._markup.cache_clear()
    monkeypatch.setattr(qr.segno, "make", counted)
    first = qr.qr_svg("https://pitch.example/live/1/", "Live score")
    again = qr.qr_svg("https://pitch.example/live/1/", "Wynik na żywo")
    other = qr.qr_svg("https://pitch.example/live/2/", "Live score")
    assert drawn == ["https://pitch.example/live/1/", "https://pitch.example/live/2/"]
    assert 'aria-label="Live score"' in first
    assert 'aria-label="Wynik na żywo"' in again
    # The same modules under either name; another link draws other modules.
    assert first.replace("Live score", "") == again.replace("Wynik na żywo", "")
    assert first.split("<path", 1)[1] != other.split("<path", 1)[1]
    qr._markup.cache_clear()
