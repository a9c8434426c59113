"""Random bytes flipped in a campaign file, 500 times (seeded): `show` either shows the campaign
or refuses in one sentence with exit code 2 — never a traceback, never a hang. (A byte set to
0xff in a text once gave a 50-line "Could not decode to UTF-8" traceback: 12 runs in 40.)"""

from __future__ import annotations

import random
import signal
import tempfile
from pathlib import Path

from campaign_manager.store.campaign_file import CampaignFile
from tests.store.test_hostile_fuzz import done_or_refused, run, template

FLIPS = 500
SEED = 40


def _stop(_signum, _frame):
    raise TimeoutError("show still runs after 10 s: it hangs")


def test_show_on_a_file_with_random_bytes_flipped_is_the_campaign_or_one_sentence():
    original = template()
    rng = random.Random(SEED)
    shown = refused = 0
    previous = signal.signal(signal.SIGALRM, _stop)
    with tempfile.TemporaryDirectory(prefix="flipped-") as folder:
        path = Path(folder) / "f.campaign"
        try:
            for _ in range(FLIPS):
                data = bytearray(original)
                for _flip in range(rng.randint(1, 4)):
                    place = rng.randrange(len(data))
                    data[place] = rng.choice([0xFF, 0x00, rng.randrange(256), data[place] ^ (1 << rng.randrange(8))])
                path.write_bytes(bytes(data))
                signal.alarm(10)
                code, err = run("show", path)
                signal.alarm(0)
                done_or_refused(code, err)
                shown, refused = shown + (code == 0), refused + (code == 2)
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)
    assert shown + refused == FLIPS and shown > 0 and refused > 0, (shown, refused)


def test_the_template_itself_is_shown():
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.campaign"
        path.write_bytes(template())
        with CampaignFile.open(path, readonly=True) as opened:
            assert opened.state.turn == 2
