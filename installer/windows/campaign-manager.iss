; The Windows installer of the one-folder app: Inno Setup (https://jrsoftware.org/isinfo.php)
; packs dist\campaign-manager\ (made by installer/build) into one setup program that installs
; it for the user (no administrator needed; for all users when run as one), puts it in the Start
; menu, makes a double-clicked .campaign file open in the window (the association below, which
; installer/platforms.py declares for macOS too) and uninstalls it all from Settings ▸ Apps.
;
; On Windows, after installer/build, from the top of the checkout:
;   iscc /DAppVersion=0.1.0 installer\windows\campaign-manager.iss
; gives dist\campaign-manager-0.1.0-setup.exe. (.github/workflows/release.yml does this.)

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#define AppName "Firestorm Campaign Manager"
#define WindowProgram "campaign-manager-window.exe"
#define ProgId "FirestormCampaignManager.Campaign"

[Setup]
AppId={{31F0B733-EB15-469D-BA4D-3798B1CB6DAD}
AppName={#AppName}
AppVersion={#AppVersion}
AppPublisher=The Firestorm Campaign Manager developers
AppPublisherURL=https://github.com/firestorm-campaign-manager/campaign-manager
DefaultDirName={autopf}\{#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ChangesAssociations=yes
LicenseFile=..\..\LICENSE
OutputDir=..\..\dist
OutputBaseFilename=campaign-manager-{#AppVersion}-setup
UninstallDisplayIcon={app}\{#WindowProgram}
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Files]
Source: "..\..\dist\campaign-manager\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#WindowProgram}"

[Registry]
; .campaign files: opened by the window program, with its icon (Inno Setup's own recipe for an
; association; HKA is the user's or the machine's classes, as the install is).
Root: HKA; Subkey: "Software\Classes\.campaign\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#ProgId}"; ValueType: string; ValueName: ""; ValueData: "Firestorm campaign"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#ProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#WindowProgram},0"
Root: HKA; Subkey: "Software\Classes\{#ProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#WindowProgram}"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\{#WindowProgram}\SupportedTypes"; ValueType: string; ValueName: ".campaign"; ValueData: ""

[Run]
Filename: "{app}\{#WindowProgram}"; Description: "Start {#AppName}"; Flags: nowait postinstall skipifsilent
