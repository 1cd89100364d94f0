"""meeple: a pocket board-game console (Cacao, Santiago) for the Raspberry Pi Pico.

Its layers, each a package that imports only those before it: core (the rules), ai (the bots),
storage (files on flash), ui (the screens), console (the app), hal (the device's hardware).
What every layer shares is here: letting go of modules, for a Pico's heap holds only the code of
what is on screen (a module loaded from .mpy keeps its code until it is forgotten).
"""
import sys


def loaded():
    """Names of the modules imported so far (for `unload`)."""
    return set(sys.modules)


def unload(keep):
    """Forget every module imported since `keep = loaded()`: out of sys.modules and out of its
    package, so its code and data are freed once nothing else refers to them."""
    for name in list(sys.modules):
        if name not in keep:
            forget(name)


def forget(name):
    """Forget one module (if loaded): out of sys.modules and out of its package."""
    if sys.modules.pop(name, None) is None:
        return
    i = name.rfind(".")
    parent = sys.modules.get(name[:i]) if i > 0 else None
    if parent is not None:
        try:
            delattr(parent, name[i + 1:])
        except AttributeError:
            pass
