"""Pictures of an event stream drawn forward, one event at a time (a test fixture)."""
from visualizer.render.canvas import Canvas


def forward_pictures(panel, events) -> list:
    """The canvas frame after each event of `events`, drawn on `panel` from the start."""
    canvas = Canvas([panel], ["t"])
    pictures = []
    for event in events:
        panel.apply(event)
        canvas.compose()
        pictures.append(canvas.frame.copy())
    return pictures
