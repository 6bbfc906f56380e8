"""The web video's codec: frames to WebM/VP9 (PyAV's bundled libvpx, which Chromium plays),
and decoding a file back. It imports nothing of the package (only the standard library, PyAV
and Pillow), so `devices/video.py` runs it as a script in a process of its own: the codec
(about 100-125 MB once loaded) never enters the grade's process, whose memory stays flat across
a long grade, and a crash inside the native codec ends only the encoder.

As a script: `python -P vp9.py OUT` reads one JSON line `{"end_s": …, "times": […],
"sizes": […]}` and then the images' bytes one after another on stdin, writes OUT, and prints
`{"duration_s": …, "frames": …, "bytes": …}`.
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

Frame = tuple[float, bytes]
"""Seconds from the video's start, and the image (JPEG or PNG)."""


@dataclass(frozen=True)
class Probe:
    """What decoding a video file back found."""

    frames: int
    duration_s: float
    """The last frame's time (seconds from the first)."""
    width: int
    height: int


def encode_webm(frames: Sequence[Frame], end_s: float, out: Path) -> dict[str, float | int]:
    """Encode `frames` (in time order) to `out` as WebM/VP9, each shown until the next one,
    the last until `end_s` (the video then lasts as long as the recording did); returns its
    duration, frame count and size.

    Frames are scaled to the first one's size (rounded down to even: yuv420p needs it). Each
    is decoded as it is encoded: a long test's frames decoded at once would hold about 1 MB
    of pixels per frame."""
    import av
    from PIL import Image

    if not frames:
        raise ValueError("no frames to encode")

    def image(data: bytes) -> Image.Image:
        return Image.open(io.BytesIO(data)).convert("RGB")

    first = image(frames[0][1])
    width, height = first.width // 2 * 2, first.height // 2 * 2
    out.parent.mkdir(parents=True, exist_ok=True)
    times = [max(0.0, t) for t, _ in frames]
    stamps = [*times, max(end_s, times[-1] + 0.001)]
    with av.open(str(out), "w", format="webm") as container:
        stream = container.add_stream("libvpx-vp9", rate=1000, options={
            "deadline": "realtime", "cpu-used": "8", "crf": "40", "b:v": "0", "row-mt": "1"})
        stream.width, stream.height, stream.pix_fmt = width, height, "yuv420p"
        stream.time_base = Fraction(1, 1000)
        last_pts = -1
        # The last image is repeated at the end so the player's timeline reaches `end_s`.
        for data, at in zip([*(d for _, d in frames), frames[-1][1]], stamps, strict=True):
            pts = max(round(at * 1000), last_pts + 1)
            picture = image(data)
            if picture.size != (width, height):
                picture = picture.resize((width, height))
            frame = av.VideoFrame.from_image(picture)  # type: ignore[no-untyped-call]
            frame.pts, frame.time_base, last_pts = pts, Fraction(1, 1000), pts
            container.mux(stream.encode(frame))
        container.mux(stream.encode(None))
    info = probe(out)
    return {"duration_s": round(max(info.duration_s, stamps[-1]), 3), "frames": info.frames,
            "bytes": out.stat().st_size}


def probe(path: Path) -> Probe:
    """Decode `path` whole (PyAV): its frame count, the last frame's time and its size."""
    import av

    frames, last, size = 0, 0.0, (0, 0)
    with av.open(str(path)) as container:
        for frame in container.decode(video=0):
            frames += 1
            if frame.time is not None:
                last = max(last, float(frame.time))
            size = (frame.width, frame.height)
    return Probe(frames=frames, duration_s=round(last, 3), width=size[0], height=size[1])


def pack(frames: Sequence[Frame], end_s: float) -> bytes:
    """The script's stdin for `frames`."""
    header = {"end_s": end_s, "times": [t for t, _ in frames], "sizes": [len(d) for _, d in frames]}
    return json.dumps(header).encode() + b"\n" + b"".join(d for _, d in frames)


def unpack(data: bytes) -> tuple[list[Frame], float]:
    """`pack`'s frames and end back; ValueError when the bytes do not match the header."""
    line, _, images = data.partition(b"\n")
    header = json.loads(line)
    frames: list[Frame] = []
    offset = 0
    for at, size in zip(header["times"], header["sizes"], strict=True):
        frames.append((float(at), images[offset:offset + size]))
        offset += size
    if offset != len(images):
        raise ValueError(f"{len(images) - offset} bytes beyond the {len(frames)} frames the header lists")
    return frames, float(header["end_s"])


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: vp9.py OUT.webm  (frames on stdin, as vp9.pack writes them)", file=sys.stderr)
        return 2
    frames, end_s = unpack(sys.stdin.buffer.read())
    sys.stdout.write(json.dumps(encode_webm(frames, end_s, Path(argv[0]))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
