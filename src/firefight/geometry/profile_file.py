"""The file format of a body profile (``firefight/data/body_profile.toml``, or the GM's own), as
pydantic models; imported only when a profile is read
(:func:`~firefight.geometry.cover.load_body_profile`)."""

from __future__ import annotations

from pydantic import Field

from firefight.tables.data_files import DataModel, TableHeader

__all__ = ["ProfileFile"]


class _HeaderModel(TableHeader):
    kind: str = Field(pattern="^body-profile$")


class _RowModel(DataModel):
    part: str = ""
    height_fraction: float = Field(ge=0.0, le=1.0)
    relative_width: float = Field(ge=0.0)


class ProfileFile(DataModel):
    table: _HeaderModel
    rows: list[_RowModel] = Field(min_length=2)
