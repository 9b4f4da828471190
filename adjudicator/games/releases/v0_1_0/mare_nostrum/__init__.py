"""Mare Nostrum, the military phase (campaign rules around DBA 3.0), for 2 to 8 nations."""
