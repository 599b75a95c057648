#!/bin/sh
# Installs 17 Steps for the current user, from the folder this script is in:
#   the game        ~/.local/bin/17steps
#   its menu entry  ~/.local/share/applications/seventeen-steps.desktop
#   its icon        ~/.local/share/icons/hicolor/NxN/apps/seventeen-steps.png
# (~/.local/share is $XDG_DATA_HOME when that is set). Running it again updates them;
# uninstall.sh removes them. Needs no root and changes nothing else.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-}
case $data in
    /*) ;;
    *) data=$HOME/.local/share ;;  # unset, or relative: the XDG spec says ignore it
esac
bin=$HOME/.local/bin
game=$bin/17steps

# The menu entry names the game by its full path inside double quotes; these characters
# would need escaping there, so such a home folder is refused rather than half-installed.
case $game in
    *[\"\`\$\\%]*)
        echo "install.sh: the path $game has a character a menu entry cannot hold (\" \` \$ \\ %)." >&2
        exit 1 ;;
esac

mkdir -p "$bin" "$data/applications"

# Copy, then rename over the old file: a running game keeps its own copy until it exits.
cp "$here/17steps" "$game.new"
chmod 755 "$game.new"
mv -f "$game.new" "$game"

for icon in "$here"/icons/hicolor/*/apps/seventeen-steps.png; do
    size=$(basename "$(dirname "$(dirname "$icon")")")
    mkdir -p "$data/icons/hicolor/$size/apps"
    cp "$icon" "$data/icons/hicolor/$size/apps/seventeen-steps.png"
done

GAME=$game awk '
    /^Exec=/ { print "Exec=\"" ENVIRON["GAME"] "\""; next }
    /^TryExec=/ { print "TryExec=" ENVIRON["GAME"]; next }
    { print }
' "$here/seventeen-steps.desktop" > "$data/applications/seventeen-steps.desktop.new"
mv -f "$data/applications/seventeen-steps.desktop.new" "$data/applications/seventeen-steps.desktop"

echo "17 Steps is installed: look for it in your applications menu, or run $game"
