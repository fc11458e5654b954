# Sourced by the setup scripts.
#   missing_debian_packages PACKAGE...      prints the ones not installed
#   ensure_debian_packages LABEL PACKAGE... installs the missing ones (apt-get update first), or stops
#                                           with the one command that installs them when that needs root
missing_debian_packages() {
  local p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
  done
}

ensure_debian_packages() {
  local label="$1"
  shift
  local missing=($(missing_debian_packages "$@"))
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "$label: these Debian packages are missing and installing them needs root: ${missing[*]}" >&2
    echo "$label: install them with:  sudo apt-get install -y ${missing[*]}" >&2
    echo "$label: then run this again." >&2
    exit 1
  fi
  echo "$label: installing Debian packages ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
