"""Drawing, one module per thing on the table; views read state and never change it."""
