#!/usr/bin/env bash
# Validates the Kubernetes manifests beside this script against the API schemas, without a
# cluster: kubernetes-validate (PyPI, which carries the schemas) in a venv of its own under
# target/, strict (unknown fields are errors), for the Kubernetes version below.
set -euo pipefail
cd "$(dirname "$0")"
root=../../..
venv=$root/target/venv-kubernetes-validate
version=1.37.0
kubernetes=1.32.0
if [ ! -x "$venv/bin/kubernetes-validate" ] || ! "$venv/bin/pip" show kubernetes-validate 2>/dev/null | grep -qx "Version: $version"; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "kubernetes-validate==$version"
fi
"$venv/bin/kubernetes-validate" --strict --kubernetes-version "$kubernetes" \
    deployment.yaml service.yaml hpa.yaml pdb.yaml
