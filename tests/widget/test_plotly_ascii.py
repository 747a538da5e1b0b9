"""plotly.js held as ASCII in each kernel (its few non-ASCII characters as \\u escapes):
Python then keeps its 4.8 million characters at 1 byte each instead of 2."""
import json
import sys

from deepsea_widget.figure import PlotlyLibrary, ascii_js, plotly_js_path


def test_non_ascii_characters_become_javascript_escapes():
    assert ascii_js("a = /[µ闰]/g;") == "a = /[\\u00b5\\u95f0]/g;"
    assert ascii_js("'😀'") == "'\\ud83d\\ude00'"  # (outside the BMP: a UTF-16 pair, as JavaScript reads it)
    assert ascii_js("plain") == "plain"


def test_an_escaped_non_ascii_character_leaves_the_text_as_it_was():
    # "\\µ" in JavaScript is µ; as "\\\\u00b5" it would read as a backslash and "u00b5"
    assert ascii_js('"\\µ" + "闰"') == '"\\µ" + "闰"'


def test_the_kernels_plotly_js_is_ascii_and_otherwise_the_same():
    text = plotly_js_path().read_text(encoding="utf-8")
    source = PlotlyLibrary().source
    assert source.isascii()
    assert sys.getsizeof(source) < len(source) + 100  # one byte a character (plotly.min.js alone took two)
    # the same text with each non-ASCII character as JSON writes it (JSON's \\u escapes are JavaScript's)
    expected = "".join(json.dumps(ch)[1:-1] if ord(ch) > 127 else ch for ch in text)
    assert expected in source
