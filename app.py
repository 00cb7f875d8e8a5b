"""Entry point only: build the Gradio demo; launch it when run as a script (Spaces and Docker run this file).

Knows nothing but where the demo is built; tests import `demo` from here without launching a server.
"""
import os

# Idle OpenMP threads sleep instead of spinning: on a small shared CPU, spinning threads stalled each target
# pass of the miniature from ~4 ms to ~200 ms while the browser was drawing. Set before torch is imported.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

# A spawned generation worker (its entry module is mtp_viz/worker.py) runs this file again as "__mp_main__", as
# multiprocessing does with the main module: it needs no page, so it builds none.
if __name__ != "__mp_main__":
    from mtp_viz.ui import CSS, HEAD, I18N, KEYS, SERVICE, THEME, build_demo, freeze_when_done, warm
    from mtp_viz.ui.policy import apply_torch_threads, bundled, launch_settings, torch_threads
    from mtp_viz.ui.step_through import DRAWER

    demo = build_demo(SERVICE)

if __name__ == "__main__":
    apply_torch_threads()
    SERVICE.workers.start(tuple(bundled()), torch_threads() or 1)
    if DRAWER is not None:                # the process that draws whole decks, its imports done before a visitor's
        DRAWER.start("mtp_viz.ui.step_through")
    freeze_when_done(SERVICE.models.preload(), warm())
    try:
        demo.launch(theme=THEME, css=CSS, i18n=I18N, js=KEYS, head=HEAD, **launch_settings())
    except ValueError as err:
        # Gradio checks that its own address answers within 3 s after the server has started; on a loaded host it
        # may not, and launch() raises. Ending here would shut the worker pool down under a page that still
        # serves, so keep serving.
        if not demo.is_running:
            raise
        print(f"Gradio's start-up check failed ({err}); serving on {demo.local_url} anyway", flush=True)
        demo.block_thread()
