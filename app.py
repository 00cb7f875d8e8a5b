"""Entry point only: build the Gradio demo; launch it when run as a script (Spaces and Docker run this file).

Knows nothing but where the demo is built; tests import `demo` from here without launching a server.
"""
import os

# Idle OpenMP threads sleep instead of spinning: on a small shared CPU, spinning threads stalled each target
# pass of the miniature from ~4 ms to ~200 ms while the browser was drawing. Set before torch is imported.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

from mtp_viz.ui import CSS, I18N, KEYS, THEME, build_demo, preload  # noqa: E402
from mtp_viz.ui import worker  # noqa: E402
from mtp_viz.ui.policy import apply_torch_threads, bundled, launch_settings, torch_threads  # noqa: E402

demo = build_demo()

if __name__ == "__main__":
    apply_torch_threads()
    worker.start(tuple(bundled()), torch_threads() or 1)
    preload()
    demo.launch(theme=THEME, css=CSS, i18n=I18N, js=KEYS, **launch_settings())
