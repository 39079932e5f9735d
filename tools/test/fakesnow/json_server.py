"""fakesnow's server, answering query results the way Snowflake answers the Node.js driver.

Snowflake sends the Node.js driver (snowflake-sdk) JSON rowsets: every value a string, timestamps
as epoch seconds with a fraction, booleans as "1"/"0", dates as days since the epoch. fakesnow
0.12.1 answers every non-DML result as Arrow (`rowsetBase64`), which the Node.js driver cannot
read (it fails in result.js createChunks on the missing `rowset`). This shim keeps fakesnow's
SQL engine, login and sessions and re-encodes its results as JSON rowsets.

    python json_server.py PORT
"""

from __future__ import annotations

import base64
import datetime as dt
import json
import logging
import sys
import warnings
from decimal import Decimal
from typing import Any

import fakesnow.server as server
import fakesnow.transforms as transforms
import uvicorn
from sqlglot import exp
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route

EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)


def _epoch(value: dt.datetime, scale: int) -> str:
    aware = value if value.tzinfo else value.replace(tzinfo=dt.timezone.utc)
    delta = aware - EPOCH
    micros = (delta.days * 86400 + delta.seconds) * 1_000_000 + delta.microseconds
    seconds, fraction = divmod(micros, 1_000_000)
    digits = f"{fraction:06d}{'0' * 3}"[: max(scale, 0)]
    return f"{seconds}.{digits}" if scale > 0 else str(seconds)


def encode(value: Any, column: dict[str, Any]) -> str | None:
    if value is None:
        return None
    kind = column["type"]
    scale = column.get("scale") or 0
    if kind == "fixed":
        return f"{Decimal(value):.{scale}f}" if scale else str(int(value))
    if kind == "real":
        return repr(float(value))
    if kind == "boolean":
        return "1" if value else "0"
    if kind == "date":
        return str((value - dt.date(1970, 1, 1)).days)
    if kind == "time":
        seconds = value.hour * 3600 + value.minute * 60 + value.second
        return f"{seconds}.{value.microsecond:06d}000"[: len(str(seconds)) + 1 + scale] if scale else str(seconds)
    if kind in ("timestamp_ntz", "timestamp_ltz"):
        return _epoch(value, scale)
    if kind == "timestamp_tz":
        offset = value.utcoffset() or dt.timedelta(0)
        return f"{_epoch(value, scale)} {int(offset.total_seconds() // 60) + 1440}"
    if kind in ("variant", "object", "array"):
        return value if isinstance(value, str) else json.dumps(value, default=str)
    if kind == "binary":
        return bytes(value).hex().upper()
    return str(value)


def to_sf(table: Any, rowtype: list[dict[str, Any]]) -> Any:
    return (table, rowtype)


def to_ipc(pair: Any) -> bytes:
    table, rowtype = pair
    columns = [column.to_pylist() for column in table.columns]
    rows = [[encode(value, rowtype[i]) for i, value in enumerate(row)] for row in zip(*columns)]
    return json.dumps(rows).encode()


# Quiet: tests read the driver's answers, not the emulator's request log.
logging.getLogger("fakesnow.server").setLevel(logging.WARNING)
warnings.filterwarnings("ignore", category=UserWarning)

_to_decimal = transforms.to_decimal


def to_decimal(expression: Any) -> Any:
    """TO_NUMBER(text, 'XXX...') as Snowflake reads it (hexadecimal digits, either case), which
    fakesnow 0.12.1 refuses: DuckDB reads a '0x' text as an integer."""
    if isinstance(expression, exp.ToNumber):
        fmt = expression.args.get("format")
        if (
            fmt is not None
            and fmt.is_string
            and fmt.name
            and set(fmt.name.upper()) == {"X"}
        ):
            digits = exp.Concat(expressions=[exp.Literal.string("0x"), expression.this])
            number = exp.Cast(this=digits, to=exp.DataType.build("HUGEINT"))
            return exp.Cast(this=number, to=exp.DataType.build("DECIMAL(38, 0)"))
    return _to_decimal(expression)


# The cursor looks the transforms up in their module at call time.
transforms.to_decimal = to_decimal

# query_request looks these up in its module at call time.
server.to_sf = to_sf
server.to_ipc = to_ipc


async def query_request(request: Any) -> Any:
    response = await server.query_request(request)
    body = json.loads(response.body)
    data = body.get("data")
    if body.get("success") and isinstance(data, dict) and data.get("queryResultFormat") == "arrow":
        packed = data.pop("rowsetBase64", "")
        data["queryResultFormat"] = "json"
        data["rowset"] = json.loads(base64.b64decode(packed)) if packed else []
    if body.get("success") and isinstance(data, dict) and isinstance(data.get("rowset"), list):
        # The Node.js driver counts rows by `returned`, which fakesnow leaves out of DML answers.
        data["returned"] = len(data["rowset"])
        return JSONResponse(body, status_code=response.status_code)
    return response


routes = [
    Route(route.path, query_request, methods=["POST"]) if route.path == "/queries/v1/query-request" else route
    for route in server.routes
]
app = Starlette(routes=routes)

if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
