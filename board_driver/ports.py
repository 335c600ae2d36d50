"""Candidate serial ports for a board, with USB vendor/product ids and a hint at what each is."""

from __future__ import annotations

from dataclasses import dataclass

from serial.tools import list_ports

PICO_MICROPYTHON = (0x2E8A, 0x0005)
"""A Raspberry Pi Pico (or Pico 2) running MicroPython: the reference pegboard firmware's board
(firmware/, docs/board-hardware.md). MicroPython names itself manufacturer `MicroPython`, product
`Board in FS mode`."""

KNOWN_USB = {
    PICO_MICROPYTHON: "Raspberry Pi Pico under MicroPython: the reference pegboard firmware's board",
    (0x2E8A, None): "Raspberry Pi RP2040/RP2350",
    (0x303A, None): "Espressif ESP32",
    (0x2341, None): "Arduino",
    (0x239A, None): "Adafruit",
    (0x1A86, 0x7523): "CH340 USB-serial",
    (0x1A86, 0x55D4): "CH9102 USB-serial",
    (0x10C4, 0xEA60): "CP210x USB-serial",
    (0x0403, 0x6001): "FTDI FT232R USB-serial",
    (0x0403, 0x6015): "FTDI FT231X USB-serial",
    (0x16C0, 0x0483): "Teensy",
}
"""Chips and boards a home-made pegboard is likely to use (vendor, product or None for any)."""


@dataclass(frozen=True, slots=True)
class PortInfo:
    device: str
    description: str
    vid: int | None
    pid: int | None
    serial_number: str | None
    manufacturer: str | None
    hint: str | None

    @property
    def usb_id(self) -> str | None:
        return None if self.vid is None or self.pid is None else f"{self.vid:04X}:{self.pid:04X}"


def hint_for(vid: int | None, pid: int | None) -> str | None:
    if vid is None:
        return None
    return KNOWN_USB.get((vid, pid)) or KNOWN_USB.get((vid, None))


def list_candidates() -> list[PortInfo]:
    """Every serial port pyserial sees, USB ones (the likely boards) first."""
    found = [PortInfo(p.device, p.description or "", p.vid, p.pid, p.serial_number, p.manufacturer,
                      hint_for(p.vid, p.pid))
             for p in list_ports.comports()]
    return sorted(found, key=lambda p: (p.vid is None, p.device))
