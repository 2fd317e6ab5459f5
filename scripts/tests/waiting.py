"""Waiting in the scripts' tests for something another process does, with a deadline and a message."""
import time


def wait_for(condition, seconds, what):
    """The first truthy value of `condition()`, polled every 50 ms; fails saying `what` after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"not within {seconds} s: {what}")
