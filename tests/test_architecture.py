"""The layers hold: checked by import-linter (the contracts in pyproject.toml), and no private
name or private module (``_x``) is imported from another package of deepsea_widget."""
from __future__ import annotations

import ast
import pathlib
import shutil
import subprocess
import sys

PACKAGE = pathlib.Path(__file__).parents[1] / "deepsea_widget"


def test_import_linter_contracts_hold():
    exe = shutil.which("lint-imports", path=str(pathlib.Path(sys.executable).parent))
    assert exe, "lint-imports (import-linter) is not installed: pip install -e '.[test]'"
    run = subprocess.run([exe, "--no-cache"], cwd=PACKAGE.parent, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "0 broken" in run.stdout


def _package_of(module: str) -> str:
    """deepsea_widget.odds.single_diver -> odds; a top-level module is its own package."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def _module_name(path: pathlib.Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(importer: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = importer.split(".")
    base = base if is_package else base[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def private_imports_across_packages() -> list[str]:
    found = []
    for path in PACKAGE.rglob("*.py"):
        importer = _module_name(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            target = _resolve(importer, path.name == "__init__.py", node)
            if not target.startswith("deepsea_widget") or _package_of(target) == _package_of(importer):
                continue
            private_module = any(part.startswith("_") for part in target.split(".")[1:])
            private_names = [a.name for a in node.names if a.name.startswith("_")]
            if private_module or private_names:
                found.append(f"{importer} (line {node.lineno}) imports {target}: {private_names or 'a private module'}")
    return found


def test_no_private_name_crosses_a_package():
    assert private_imports_across_packages() == []


MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60


def test_no_module_over_400_lines_and_no_function_over_60():
    too_big = []
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > MAX_MODULE_LINES:
            too_big.append(f"{path.relative_to(PACKAGE.parent)}: {text.count(chr(10))} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    too_big.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.name}: {length} lines")
    assert too_big == []
