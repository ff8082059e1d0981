"""Production settings come from the environment and pass Django's deploy checks."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "x" * 20 + "-a-long-random-production-secret-" + "y" * 20,
    "ALLOWED_HOSTS": "pitch.example.org",
}


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {
        key: value
        for key, value in os.environ.items()
        # The browser tests allow sync database calls from Playwright's event loop;
        # a production check must not inherit that.
        if key
        not in {
            "DEBUG",
            "SECRET_KEY",
            "ALLOWED_HOSTS",
            "DJANGO_SETTINGS_MODULE",
            "DJANGO_ALLOW_ASYNC_UNSAFE",
        }
    }
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_check_deploy_passes_with_production_settings() -> None:
    result = _manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key() -> None:
    env = dict(PRODUCTION)
    env["SECRET_KEY"] = ""
    result = _manage("check", **env)
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_no_model_change_is_missing_a_migration() -> None:
    result = _manage("makemigrations", "--check", "--dry-run", DEBUG="1")
    assert result.returncode == 0, result.stdout + result.stderr


def _setting(name: str, **env: str) -> subprocess.CompletedProcess[str]:
    code = f"from django.conf import settings; print(settings.{name})"
    return _manage("shell", "--no-imports", "-c", code, DEBUG="1", **env)


def test_the_trusted_proxy_count_comes_from_the_environment() -> None:
    assert _setting("TRUSTED_PROXY_COUNT").stdout.strip() == "0"
    assert (
        _setting("TRUSTED_PROXY_COUNT", TRUSTED_PROXY_COUNT="1").stdout.strip() == "1"
    )
    # Its former name still works.
    former = _setting("TRUSTED_PROXY_COUNT", AXES_IPWARE_PROXY_COUNT="2")
    assert former.stdout.strip() == "2"


def test_a_trusted_proxy_count_that_is_not_a_number_stops_the_start() -> None:
    result = _manage("check", DEBUG="1", TRUSTED_PROXY_COUNT="one")
    assert result.returncode != 0
    assert "TRUSTED_PROXY_COUNT must be a whole number (0 or more)" in result.stderr


def test_throttle_rates_come_from_the_environment() -> None:
    rates = 'REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]'
    changed = _setting(rates, THROTTLE_RATES="join=20/min, signup=5/hour")
    assert changed.stdout.strip() == (
        "{'join': '20/min', 'signup': '5/hour', 'reset_mail': '5/hour', "
        "'reset_mail_ip': '20/hour'}"
    )


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("joins=1/min", "THROTTLE_RATES: no rate is called 'joins'"),
        ("join=lots", "THROTTLE_RATES: write join's rate as a number of tries per"),
        ("join=0/min", "e.g. join=10/min"),
    ],
)
def test_a_wrong_throttle_rate_stops_the_start(value: str, message: str) -> None:
    result = _manage("check", DEBUG="1", THROTTLE_RATES=value)
    assert result.returncode != 0
    assert message in result.stderr


def test_the_throttle_counts_can_be_shared_by_gunicorn_workers(tmp_path: Path) -> None:
    backend = 'CACHES["default"]["BACKEND"]'
    assert _setting(backend).stdout.strip().endswith("LocMemCache")
    shared = _setting(backend, CACHE_DIR=str(tmp_path))
    assert shared.stdout.strip().endswith("FileBasedCache")
