"""A tiny GIF block parser for tests: headers, extensions, image descriptors."""
import struct
def parse(data: bytes) -> dict:
    """The header fields, loop count and per-image records of GIF `data`."""
    assert data[:6] in (b"GIF89a", b"GIF87a")
    w, h, flags, bg, asp = struct.unpack("<HHBBB", data[6:13])
    pos = 13
    gct = None
    if flags & 0x80:
        n = 3 << ((flags & 7) + 1)
        gct = data[pos:pos+n]
        pos += n
    info = dict(width=w, height=h, gct=gct, loop=None, images=[])
    gce = None
    while True:
        b = data[pos]
        pos += 1
        if b == 0x3B:
            break
        if b == 0x21:
            label = data[pos]
            pos += 1
            blocks = []
            while data[pos]:
                n = data[pos]
                blocks.append(data[pos+1:pos+1+n])
                pos += n+1
            pos += 1
            if label == 0xF9:
                p, d, t = struct.unpack("<BHB", blocks[0])
                gce = dict(disposal=(p>>2)&7, delay=d, transparent=t if p&1 else None)
            elif label == 0xFF and blocks[0] == b"NETSCAPE2.0":
                info["loop"] = struct.unpack("<H", blocks[1][1:3])[0]
        elif b == 0x2C:
            x, y, iw, ih, f = struct.unpack("<HHHHB", data[pos:pos+9])
            pos += 9
            lct = bool(f & 0x80)
            if lct:
                pos += 3 << ((f & 7) + 1)
            bits = data[pos]
            pos += 1
            start = pos
            while data[pos]:
                pos += data[pos]+1
            pos += 1
            info["images"].append(dict(rect=(y, y+ih, x, x+iw), lct=lct, bits=bits,
                                       size=pos-start, **(gce or {})))
            gce = None
        else:
            raise ValueError(b)
    return info
