"""The pygame front end. It draws engine state and turns input into engine actions."""
