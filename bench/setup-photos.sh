#!/usr/bin/env bash
# Installs the Debian packages that ship freely licensed photographs (reference/matching.md) and gathers
# their photos into one folder for `npm run bench:match -- --images DIR`.
#   bash bench/setup-photos.sh [DEST]        (default DEST: /tmp/vigil-photos; the folder is printed last)
#
# Only ordinary photographs are taken, one file per scene: the packages also hold diagrams, logos, charts,
# calibration shots of one chessboard, 64 px thumbnails, and the same photo re-encoded many times (libjxl's
# test matrix), which would either not be photos or be copies of each other across the reference/distractor
# split. Stereo and near-view pairs (aloeL/aloeR, left/right, motorcycle_left/right, aero1/aero3, graf1/graf3)
# are kept on purpose: they are the hard negatives of reference/matching.md.
set -euo pipefail

dest="${1:-/tmp/vigil-photos}"
packages=(opencv-doc python3-skimage libjxl-testdata)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo_cmd=()
  [[ $(id -u) -ne 0 ]] && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Where each package keeps its photos, found with `dpkg -L PACKAGE` after installing.
opencv=$(dpkg -L opencv-doc | grep -m1 -E '/examples/data$' || true)
opencv_root=$(dirname "$opencv")
skimage=$(dpkg -L python3-skimage | grep -m1 -E '/skimage/data$' || true)
jxl=$(dpkg -L libjxl-testdata | grep -m1 -E "/share/libjxl-testdata$" || true)

photos=()
for f in aero1.jpg aero3.jpg aloeL.jpg aloeR.jpg apple.jpg baboon.jpg basketball1.png board.jpg box_in_scene.png \
  building.jpg butterfly.jpg chicky_512.png ela_original.jpg fruits.jpg graf1.png graf3.png home.jpg left.jpg \
  right.jpg leuvenA.jpg licenseplate_motion.jpg messi5.jpg orange.jpg rubberwhale1.png smarties.png \
  squirrel_cls.jpg starry_night.jpg stuff.jpg; do
  photos+=("opencv:$opencv/$f")
done
for f in 000.jpg 001.jpg 002.jpg; do photos+=("opencv-hfs:$opencv_root/hfs/data/$f"); done
for i in 1 2 3 4 5 6; do photos+=("opencv-text:$opencv_root/text/scenetext0$i.jpg"); done
for f in astronaut.png brick.png camera.png cell.png chelsea.png coffee.png coins.png grass.png gravel.png \
  hubble_deep_field.jpg ihc.png moon.png motorcycle_left.png motorcycle_right.png retina.jpg rocket.jpg; do
  photos+=("skimage:$skimage/$f")
done
for f in jxl/flower/flower.png jxl/hdr_room.png external/wesaturate/500px/cvo9xd_keong_macan_srgb8.png \
  external/wesaturate/500px/tmshre_riaphotographs_srgb8.png external/wesaturate/500px/u76c0g_bliznaca_srgb8.png; do
  photos+=("libjxl:$jxl/$f")
done

mkdir -p "$dest"
copied=0
for entry in "${photos[@]}"; do
  prefix="${entry%%:*}"
  file="${entry#*:}"
  if [[ -f "$file" ]]; then
    cp -u "$file" "$dest/$prefix--$(basename "$file")"
    copied=$((copied + 1))
  else
    echo "missing: $file" >&2
  fi
done
echo "$copied photos in $dest (opencv-doc: BSD/Apache; python3-skimage: mostly CC0/public domain; libjxl-testdata: BSD-3/CC0)" >&2
echo "$dest"
