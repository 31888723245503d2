#!/usr/bin/env bash
# Gathers the photo sets of the matching benchmarks (docs/reference/matching.md, issue 13) from Debian packages:
#   bash bench/setup-photos.sh [DEST]     (default DEST: ${XDG_CACHE_HOME:-~/.cache}/vigil-bench/photos)
# Prints two folders, one a line:
#   DEST/calibration   every tuning and calibration run (`npm run bench:match -- --images DEST/calibration`)
#   DEST/reserved      lomiri-wallpapers-16.04, mate-backgrounds and ukui-wallpapers: independent evaluation
#                      only, never used to choose a threshold or a parameter.
# Images live outside the repository and are never committed.
#
# The packages are fetched with `apt-get download` and unpacked with `dpkg-deb -x` into the cache: no root,
# and none of their dependencies (python3-skimage would otherwise pull in the whole scientific Python stack).
# When a package cannot be downloaded (no network) but is installed, its installed files are used.
#
# Only ordinary pictures are taken, one file per scene: the packages also hold icons, diagrams, charts,
# calibration shots, the same wallpaper at several resolutions (only the largest is kept) and light/dark
# variants of one design (only the light one is kept), which would be copies of each other across the
# reference/distractor split. Stereo and near-view pairs (aloeL/aloeR, left/right, motorcycle_left/right,
# aero1/aero3, graf1/graf3) are kept on purpose: they are the hard negatives of docs/reference/matching.md.
# Frames sampled from the videos of opencv-doc (one every 2 s, at most 20 per video) and from the camera
# sequences of visp-images-data (20 evenly spaced frames each) go into one folder per video named `*.frames`;
# the benchmark keeps every folder of that name on one side of the split.
# Near-duplicates across sources were looked for with an all-pairs hash check of the originals (README,
# "Matching"); those found are left out below.
# Left out on purpose: debian-edu-artwork-* (desktop-base's designs with a logo added: copies across the
# split), the several renderings of one desktop-base design (the 16:9 one only), paper textures of
# mypaint-data-extras (flat), xplanet's night map (the day map's geography).
set -euo pipefail

cache="${XDG_CACHE_HOME:-$HOME/.cache}/vigil-bench"
dest="${1:-$cache/photos}"
calibration_packages=(gnome-backgrounds plasma-workspace-wallpapers sway-backgrounds lomiri-wallpapers-20.04
  python3-skimage python3-sklearn opencv-doc libjxl-testdata desktop-base xfdesktop4-data lomiri-wallpapers
  mypaint-data-extras xplanet-images visp-images-data)
reserved_packages=(lomiri-wallpapers-16.04 mate-backgrounds ukui-wallpapers)

mkdir -p "$cache/debs" "$cache/pkg"
# Root of one package's files: the unpacked .deb, or / when only the installed package is available.
root_of() {
  local p=$1
  if [[ ! -d "$cache/pkg/$p/usr" ]]; then
    if (cd "$cache/debs" && apt-get download -qq "$p" >/dev/null 2>&1); then
      local deb
      deb=$(ls -t "$cache/debs/${p}"_*.deb | head -1)
      mkdir -p "$cache/pkg/$p"
      dpkg-deb -x "$deb" "$cache/pkg/$p"
    elif dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
      echo "/"
      return
    else
      echo "cannot fetch $p (apt-get download failed and it is not installed); run apt-get update?" >&2
      echo ""
      return
    fi
  fi
  echo "$cache/pkg/$p"
}

copy() { # copy SRC DEST_DIR NAME
  if [[ -f "$1" ]]; then
    mkdir -p "$2"
    cp -u "$1" "$2/$3"
  else
    echo "missing: $1" >&2
  fi
}

cal="$dest/calibration"
res="$dest/reserved"
mkdir -p "$cal" "$res"

# --- calibration ------------------------------------------------------------------------------------------
r=$(root_of opencv-doc)
if [[ -n "$r" ]]; then
  data="$r/usr/share/doc/opencv-doc/examples/data"
  for f in aero1.jpg aero3.jpg aloeL.jpg aloeR.jpg apple.jpg baboon.jpg basketball1.png board.jpg box_in_scene.png \
    building.jpg butterfly.jpg chicky_512.png ela_original.jpg fruits.jpg graf1.png graf3.png home.jpg left.jpg \
    right.jpg leuvenA.jpg licenseplate_motion.jpg messi5.jpg orange.jpg rubberwhale1.png smarties.png \
    squirrel_cls.jpg starry_night.jpg stuff.jpg; do
    copy "$data/$f" "$cal" "opencv--$f"
  done
  for f in 000.jpg 001.jpg 002.jpg; do copy "$r/usr/share/doc/opencv-doc/examples/hfs/data/$f" "$cal" "opencv-hfs--$f"; done
  for i in 1 2 3 4 5 6; do copy "$r/usr/share/doc/opencv-doc/examples/text/scenetext0$i.jpg" "$cal" "opencv-text--scenetext0$i.jpg"; done
  # Video frames (Megamind_bugy.avi is Megamind.avi with dropped frames: left out).
  if command -v ffmpeg >/dev/null; then
    for v in vtest Megamind tree; do
      out="$cal/opencv-video--$v.frames"
      if [[ ! -f "$out/.done" ]]; then
        mkdir -p "$out"
        ffmpeg -v error -nostdin -y -i "$data/$v.avi" -vf fps=1/2 -frames:v 20 -q:v 2 "$out/frame-%03d.jpg"
        touch "$out/.done"
      fi
    done
  else
    echo "ffmpeg not found: no video frames in the calibration set" >&2
  fi
fi

r=$(root_of python3-skimage)
if [[ -n "$r" ]]; then
  for f in astronaut.png brick.png camera.png cell.png chelsea.png coffee.png coins.png grass.png gravel.png \
    hubble_deep_field.jpg ihc.png moon.png motorcycle_left.png motorcycle_right.png retina.jpg rocket.jpg \
    clock_motion.png color.png horse.png microaneurysms.png page.png; do
    copy "$r/usr/lib/python3/dist-packages/skimage/data/$f" "$cal" "skimage--$f"
  done
fi

r=$(root_of python3-sklearn)
if [[ -n "$r" ]]; then
  for f in china.jpg flower.jpg; do copy "$r/usr/lib/python3/dist-packages/sklearn/datasets/images/$f" "$cal" "sklearn--$f"; done
fi

r=$(root_of libjxl-testdata)
if [[ -n "$r" ]]; then
  jxl="$r/usr/share/libjxl-testdata"
  for f in jxl/flower/flower.png jxl/hdr_room.png external/wesaturate/500px/cvo9xd_keong_macan_srgb8.png \
    external/wesaturate/500px/tmshre_riaphotographs_srgb8.png external/wesaturate/500px/u76c0g_bliznaca_srgb8.png; do
    copy "$jxl/$f" "$cal" "libjxl--$(basename "$f")"
  done
fi

r=$(root_of gnome-backgrounds)
if [[ -n "$r" ]]; then
  # Light variants only (`-d` is the same design recoloured).
  for f in "$r"/usr/share/backgrounds/gnome/*; do
    b=$(basename "$f")
    [[ "$b" == *-d.* ]] && continue
    copy "$f" "$cal" "gnome--$b"
  done
fi

r=$(root_of plasma-workspace-wallpapers)
if [[ -n "$r" ]]; then
  # The largest landscape rendering of each wallpaper (the others are the same picture resized).
  for w in "$r"/usr/share/wallpapers/*/; do
    name=$(basename "$w")
    best=$(ls "$w"contents/images/ 2>/dev/null | awk -F'[x.]' '$1 >= $2 { print $1 * $2, $0 }' | sort -n | tail -1 | cut -d' ' -f2)
    [[ -n "$best" ]] && copy "$w/contents/images/$best" "$cal" "plasma--$name.${best##*.}"
  done
fi

r=$(root_of sway-backgrounds)
# One design at several sizes and orientations: the largest landscape one.
[[ -n "$r" ]] && copy "$r/usr/share/backgrounds/sway/Sway_Wallpaper_Blue_2048x1536.png" "$cal" "sway--Sway_Wallpaper_Blue_2048x1536.png"

r=$(root_of lomiri-wallpapers-20.04)
if [[ -n "$r" ]]; then
  for f in "$r"/usr/share/backgrounds/*.jpg "$r"/usr/share/backgrounds/*.png; do
    [[ -f "$f" ]] && copy "$f" "$cal" "lomiri2004--$(basename "$f")"
  done
fi

r=$(root_of desktop-base)
if [[ -n "$r" ]]; then
  # One rendering per design (the same SVG exists at a dozen sizes); SVG is rendered by the benchmark's sharp.
  for t in "$r"/usr/share/desktop-base/*-theme/wallpaper/contents/images/; do
    theme=$(basename "$(dirname "$(dirname "$(dirname "$t")")")")
    [[ "$theme" == joy-inksplat-theme ]] && continue # joy-theme with ink splats: 40 bits from it
    f=$(ls "$t" | grep -E '^1920x1080\.(svg|png|jpg)$' | head -1)
    [[ -z "$f" ]] && f=$(ls "$t" | head -1)
    [[ -n "$f" ]] && copy "$t$f" "$cal" "desktop-base--$theme.${f##*.}"
  done
fi

r=$(root_of xfdesktop4-data)
if [[ -n "$r" ]]; then
  for f in "$r"/usr/share/backgrounds/xfce/*; do copy "$f" "$cal" "xfce--$(basename "$f")"; done
fi

r=$(root_of lomiri-wallpapers)
# Its one wallpaper is not among lomiri-wallpapers-16.04's (checked by content: no identical file).
[[ -n "$r" ]] && copy "$r/usr/share/backgrounds/warty-final-ubuntu.png" "$cal" "lomiri--warty-final-ubuntu.png"

r=$(root_of mypaint-data-extras)
if [[ -n "$r" ]]; then
  # mamurk_a_2 and mamurk_e_2 are a_1 and e_1 repainted (12 and 22 bits apart): one of each.
  for f in "$r"/usr/share/mypaint/backgrounds/mrmamurk/*.png; do
    [[ "$f" == *_a_2.png || "$f" == *_e_2.png ]] && continue
    copy "$f" "$cal" "mypaint--$(basename "$f")"
  done
fi

r=$(root_of xplanet-images)
[[ -n "$r" ]] && copy "$r/usr/share/xplanet/images/earth.jpg" "$cal" "xplanet--earth.jpg"

r=$(root_of visp-images-data)
if [[ -n "$r" ]]; then
  visp="$r/usr/share/visp-images-data/ViSP-images"
  copy "$visp/Klimt/Klimt.png" "$cal" "visp--Klimt.png"
  copy "$visp/Solvay/Solvay_conference_1927_Version2_2126x1463.png" "$cal" "visp--Solvay_conference_1927.png"
  # Camera sequences (PGM, which sharp does not read): 20 evenly spaced frames each, converted by ffmpeg.
  # mire-2, ellipse-1 and line film a printed target on white (almost flat; their frames came within 50 bits
  # of unrelated wallpapers): left out.
  if command -v ffmpeg >/dev/null; then
    for seq in mbt/cube cube; do
      out="$cal/visp-video--${seq//\//-}.frames"
      if [[ ! -f "$out/.done" ]]; then
        mkdir -p "$out"
        mapfile -t frames < <(ls "$visp/$seq"/*.pgm | sort)
        n=${#frames[@]}
        for k in $(seq 0 19); do
          f=${frames[$((k * (n - 1) / 19))]}
          ffmpeg -v error -nostdin -y -i "$f" -q:v 2 "$out/frame-$(printf %03d "$k").jpg"
        done
        touch "$out/.done"
      fi
    done
  fi
fi

# --- reserved (independent evaluation only) ---------------------------------------------------------------
r=$(root_of lomiri-wallpapers-16.04)
if [[ -n "$r" ]]; then
  for f in "$r"/usr/share/backgrounds/*.jpg "$r"/usr/share/backgrounds/*.png; do
    [[ -f "$f" ]] && copy "$f" "$res" "lomiri1604--$(basename "$f")"
  done
fi
r=$(root_of mate-backgrounds)
if [[ -n "$r" ]]; then
  # Elephants is shipped at three sizes: the largest only.
  find "$r/usr/share/backgrounds/mate" -type f \( -name '*.jpg' -o -name '*.png' \) ! -name 'Elephants.jpg' ! -name 'Elephants_3840x2160.jpg' |
    while read -r f; do copy "$f" "$res" "mate--$(basename "$(dirname "$f")")-$(basename "$f")"; done
fi
r=$(root_of ukui-wallpapers)
if [[ -n "$r" ]]; then
  for f in "$r"/usr/share/backgrounds/*.jpg "$r"/usr/share/backgrounds/*.png; do
    [[ -f "$f" ]] && copy "$f" "$res" "ukui--$(basename "$f")"
  done
fi

count() { find "$1" -type f \( -name '*.jpg' -o -name '*.png' -o -name '*.webp' -o -name '*.svg' \) | wc -l; }
# Files per source (the part of each name before `--`), then the totals.
per_source() { (cd "$1" && find . -type f \( -name '*.jpg' -o -name '*.png' -o -name '*.webp' -o -name '*.svg' \) | sed -E 's|^\./||; s|--.*||' | sort | uniq -c | awk '{printf "  %-22s %4d\n", $2, $1}') >&2; }
echo "calibration, files per source:" >&2
per_source "$cal"
echo "reserved, files per source:" >&2
per_source "$res"
echo "calibration: $(count "$cal") files; reserved: $(count "$res") files (licences: each package's /usr/share/doc/*/copyright)" >&2
echo "$cal"
echo "$res"
