"""Entry point only: build the Gradio demo; launch it when run as a script (Spaces and Docker run this file).

Knows nothing but where the demo is built; tests import `demo` from here without launching a server.
"""
from mtp_viz.ui import CSS, THEME, build_demo

demo = build_demo()

if __name__ == "__main__":
    demo.launch(theme=THEME, css=CSS)
