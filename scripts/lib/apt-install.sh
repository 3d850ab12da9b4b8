# Installs Debian packages for a test that needs them (sourced by ensure-*.sh):
#   apt_install "<what they are for>" package...
# As root, or with password-less sudo; the packages' own services are not started.
apt_install() {
  local purpose="$1"
  shift
  echo "Installing $* from Debian's packages ($purpose)..."
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "ERROR: apt-get is not available: install $* yourself ($purpose), then run the tests again." >&2
    return 1
  fi
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      sudo=(sudo -n)
    else
      echo "ERROR: installing $* needs root: run as root or with password-less sudo, or: sudo apt-get install -y $*" >&2
      return 1
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  if ! "${sudo[@]}" apt-get update -qq; then
    echo "ERROR: 'apt-get update' failed: $* could not be installed (are Debian's package mirrors reachable?)." >&2
    return 1
  fi
  # A policy-rc.d that says "no" keeps the installer from starting services; an existing one is kept.
  local own_policy=false
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' | "${sudo[@]}" tee /usr/sbin/policy-rc.d >/dev/null
    "${sudo[@]}" chmod +x /usr/sbin/policy-rc.d
    own_policy=true
  fi
  local status=0
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" || status=$?
  if [ "$own_policy" = true ]; then "${sudo[@]}" rm -f /usr/sbin/policy-rc.d; fi
  if [ "$status" -ne 0 ]; then
    echo "ERROR: 'apt-get install -y $*' failed." >&2
    return 1
  fi
}
