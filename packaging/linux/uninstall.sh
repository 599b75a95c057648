#!/bin/sh
# Removes what install.sh installed (the game in ~/.local/bin, its menu entry and its icons),
# and the folders it made that are left empty. Keeps your settings and saved match
# (~/.config/17steps, ~/.local/share/17steps): delete those yourself if you want them gone.
set -eu

data=${XDG_DATA_HOME:-}
case $data in
    /*) ;;
    *) data=$HOME/.local/share ;;
esac
bin=$HOME/.local/bin

# Remove a folder and then its parents while they are empty, never the home folder itself.
prune() {
    dir=$1
    while [ "$dir" != "$HOME" ] && [ "$dir" != / ] && rmdir "$dir" 2>/dev/null; do
        dir=$(dirname "$dir")
    done
}

remove() {
    if [ -e "$1" ]; then
        rm -f "$1"
        echo "removed $1"
    fi
    prune "$(dirname "$1")"
}

remove "$bin/17steps"
remove "$data/applications/seventeen-steps.desktop"
for icon in "$data"/icons/hicolor/*/apps/seventeen-steps.png; do
    [ -e "$icon" ] && remove "$icon"
done
prune "$data/icons/hicolor"

for kept in "${XDG_CONFIG_HOME:-$HOME/.config}/17steps" "$data/17steps"; do
    [ -d "$kept" ] && echo "kept your settings and saves in $kept"
done
echo "17 Steps is uninstalled."
