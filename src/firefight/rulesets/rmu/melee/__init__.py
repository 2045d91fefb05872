"""rmu melee: attack tables read by weapon size, the melee catalog, the melee attack and the
grapple (RULINGS R-6, P-9; DATA.md "Melee, bites and grapples")."""
