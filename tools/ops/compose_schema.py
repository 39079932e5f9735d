"""The Compose Specification's JSON schema, as Docker Compose itself validates with it.

The schema ships in the compose-go module (the loader behind `docker compose`); this fetches one
pinned release of it from the Go module proxy (checked against its hash) and validates a compose
file against it with python-jsonschema.

  python compose_schema.py fetch <schema.json>
  python compose_schema.py validate <schema.json> <compose.yaml>
"""

import hashlib
import io
import json
import sys
import urllib.request
import zipfile

MODULE = "github.com/compose-spec/compose-go/v2"
VERSION = "v2.16.2"
ZIP_SHA256 = "75410c9723430b920592093014fc53641f6207e01b52c016c848ba62bf2da805"
ENTRY = f"{MODULE}@{VERSION}/schema/compose-spec.json"


def fetch(target):
    url = f"https://proxy.golang.org/{MODULE}/@v/{VERSION}.zip"
    with urllib.request.urlopen(url, timeout=60) as response:
        data = response.read()
    digest = hashlib.sha256(data).hexdigest()
    if digest != ZIP_SHA256:
        sys.exit(f"{url}: sha256 {digest}, expected {ZIP_SHA256}")
    with zipfile.ZipFile(io.BytesIO(data)) as archive, open(target, "wb") as out:
        out.write(archive.read(ENTRY))


def validate(schema_path, compose_path):
    import jsonschema
    import yaml

    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    with open(compose_path, encoding="utf-8") as f:
        document = yaml.safe_load(f)
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    for error in errors:
        where = "/".join(str(p) for p in error.absolute_path) or "(root)"
        print(f"{compose_path}: {where}: {error.message}")
    return 1 if errors else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["fetch"] and len(sys.argv) == 3:
        fetch(sys.argv[2])
    elif sys.argv[1:2] == ["validate"] and len(sys.argv) == 4:
        sys.exit(validate(sys.argv[2], sys.argv[3]))
    else:
        sys.exit(__doc__)
