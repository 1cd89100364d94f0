"""A littlefs2 image of the console's files, laid out exactly as MicroPython's rp2 port formats and
mounts its flash, so a UF2 can carry it.

Geometry (MicroPython v1.28, read in its source and proved by booting on the emulated Pico):
- ports/rp2/rp2_flash.c: rp2.Flash() is a block device of 4096-byte blocks (FLASH_SECTOR_SIZE)
  over MICROPY_HW_FLASH_STORAGE_BYTES at the top of the flash; its address and size come from
  the firmware's binary info (tools/release/uf2_firmware.py): RPI_PICO = 0x100A0000, 352 blocks.
- ports/rp2/modules/_boot.py mounts vfs.VfsLfs2(bdev, progsize=256) (the flash programs 256-byte
  pages) and formats with the same arguments when the mount fails.
- extmod/vfs_lfs.c + vfs_lfsx.c: readsize 32 and lookahead 32 by default, cache_size =
  4 * max(readsize, progsize) = 1024, block_cycles 100, name_max LFS2_NAME_MAX = 255.
- A freshly formatted v1.28 filesystem's superblock says disk version 2.1, name_max 255,
  file_max 0x7fffffff, attr_max 1022: littlefs-python's defaults write the same.
The image always covers the whole block device: a UF2 overwrites whole flash sectors, and any
sector it left alone would keep whatever an older filesystem wrote there.
"""
import littlefs

BLOCK_SIZE = 4096
READ_SIZE = 32
PROG_SIZE = 256
CACHE_SIZE = 4 * max(READ_SIZE, PROG_SIZE)
LOOKAHEAD = 32
BLOCK_CYCLES = 100
NAME_MAX = 255
DISK_VERSION = 0x00020001


class ImageFull(Exception):
    """The files do not fit in the filesystem: the message is one line for the user."""


def new_fs(block_count):
    return littlefs.LittleFS(block_size=BLOCK_SIZE, block_count=block_count, read_size=READ_SIZE,
                             prog_size=PROG_SIZE, cache_size=CACHE_SIZE, lookahead_size=LOOKAHEAD,
                             block_cycles=BLOCK_CYCLES, name_max=NAME_MAX, disk_version=DISK_VERSION)


def make_image(files, fs_size):
    """(image bytes of fs_size, used blocks) holding files = {"/path/name": bytes}; parents are
    created. ImageFull when they do not fit."""
    if fs_size % BLOCK_SIZE:
        raise ValueError("filesystem size %d is not a whole number of %d-byte blocks" % (fs_size, BLOCK_SIZE))
    fs = new_fs(fs_size // BLOCK_SIZE)
    try:
        for path in sorted(files):
            parent = path.rsplit("/", 1)[0]
            if parent:
                fs.makedirs(parent, exist_ok=True)
            with fs.open(path, "wb") as f:
                f.write(files[path])
    except littlefs.LittleFSError as e:
        if e.code == littlefs.LittleFSError.Error.LFS_ERR_NOSPC:
            total = sum(len(v) for v in files.values())
            raise ImageFull("the files (%.1f KB) do not fit in the board's %d KB filesystem"
                            % (total / 1024, fs_size // 1024)) from None
        raise
    used = fs.used_block_count
    fs.unmount()
    image = bytes(fs.context.buffer)
    assert len(image) == fs_size
    return image, used


def read_files(image):
    """{"/path": bytes} of every file in a littlefs image made with this geometry (for tests and
    for checking a release)."""
    fs = littlefs.LittleFS(block_size=BLOCK_SIZE, block_count=len(image) // BLOCK_SIZE, read_size=READ_SIZE,
                           prog_size=PROG_SIZE, cache_size=CACHE_SIZE, lookahead_size=LOOKAHEAD,
                           mount=False)
    fs.context.buffer[:] = image
    fs.mount()
    out = {}
    for top, _dirs, names in fs.walk("/"):
        for name in names:
            path = top.rstrip("/") + "/" + name
            with fs.open(path, "rb") as f:
                out[path] = f.read()
    fs.unmount()
    return out
