const sharp=require('sharp');const path=require('path');
(async()=>{const files=process.argv.slice(3);const W=160;const cols=8;const rows=Math.ceil(files.length/cols);
const comps=[];for(let i=0;i<files.length;i++){const b=await sharp(files[i]).resize(W,W,{fit:'contain',background:'#888'}).png().toBuffer();comps.push({input:b,left:(i%cols)*W,top:Math.floor(i/cols)*(W+14)});
comps.push({input:Buffer.from(`<svg width="${W}" height="14"><text x="2" y="11" font-size="10">${path.basename(files[i]).slice(0,30)}</text></svg>`),left:(i%cols)*W,top:Math.floor(i/cols)*(W+14)+W});}
await sharp({create:{width:cols*W,height:rows*(W+14),channels:3,background:'#fff'}}).composite(comps).png().toFile(process.argv[2]);})();
